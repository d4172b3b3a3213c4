//! A table's log, as each viewer may read it.
//!
//! Viewers are numbered: the seats `0..n`, then the public (spectators, and hot-seat screens
//! shared by several seats). Most lines read the same for everyone and are stored once; a line
//! that differs (a job accepted face down names the job only for its captain) keeps one text per
//! viewer, and a viewer who may not read anything of it has none. Each viewer's log is numbered
//! on its own, from 0, so that a client can tell from `from` whether it missed lines.

/// One log line, for every viewer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// The same text for everyone.
    Same(Box<str>),
    /// One text (or none) per viewer: the seats in order, then the public.
    Split(Box<[Option<Box<str>>]>),
}

impl Line {
    /// The line from each viewer's text; `None` when nobody reads anything.
    pub fn from_texts(texts: Vec<Option<String>>) -> Option<Line> {
        if texts.iter().all(Option::is_none) {
            return None;
        }
        if let Some(Some(first)) = texts.first() {
            if texts.iter().all(|t| t.as_deref() == Some(first.as_str())) {
                return Some(Line::Same(first.as_str().into()));
            }
        }
        Some(Line::Split(
            texts.into_iter().map(|t| t.map(Into::into)).collect(),
        ))
    }

    /// The text `viewer` reads, if any.
    pub fn text(&self, viewer: usize) -> Option<&str> {
        match self {
            Line::Same(t) => Some(t),
            Line::Split(v) => v.get(viewer).and_then(|t| t.as_deref()),
        }
    }
}

/// Every line of a table, with the length of each viewer's log.
#[derive(Default)]
pub struct Log {
    lines: Vec<Line>,
    /// Lines each viewer can read, by viewer index.
    lens: Vec<u32>,
}

impl Log {
    pub fn new(viewers: usize) -> Log {
        Log {
            lines: Vec::new(),
            lens: vec![0; viewers],
        }
    }

    /// How many lines `viewer` can read.
    pub fn len(&self, viewer: usize) -> usize {
        self.lens.get(viewer).copied().unwrap_or(0) as usize
    }

    /// Append lines, counting them in the log of each viewer who may read them.
    pub fn push(&mut self, lines: Vec<Line>) {
        for l in &lines {
            for (v, n) in self.lens.iter_mut().enumerate() {
                if l.text(v).is_some() {
                    *n += 1;
                }
            }
        }
        self.lines.extend(lines);
    }

    /// Every line `viewer` can read.
    pub fn all(&self, viewer: usize) -> Vec<&str> {
        self.lines.iter().filter_map(|l| l.text(viewer)).collect()
    }

    /// What `viewer` reads of `lines` (new lines not pushed yet, or just pushed).
    pub fn texts(lines: &[Line], viewer: usize) -> Vec<&str> {
        lines.iter().filter_map(|l| l.text(viewer)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_hidden_from_some_viewers_counts_only_for_the_others() {
        let mut log = Log::new(3);
        log.push(vec![
            Line::from_texts(vec![Some("a".into()); 3]).unwrap(),
            Line::from_texts(vec![Some("captain 1 accepts \"X\"".into()), None, None]).unwrap(),
        ]);
        assert_eq!(log.len(0), 2);
        assert_eq!(log.len(1), 1);
        assert_eq!(log.all(2), vec!["a"]);
        assert!(Line::from_texts(vec![None, None]).is_none());
        assert!(matches!(
            Line::from_texts(vec![Some("x".into()), Some("x".into())]),
            Some(Line::Same(_))
        ));
    }
}
