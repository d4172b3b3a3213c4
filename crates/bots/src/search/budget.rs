//! How long a search may think: a number of iterations (the default, so that a game with
//! seeded bots replays exactly), and optionally a wall-clock limit on top (anytime: the best
//! move found so far is played when the time is up; a timed search does not replay).

use std::time::{Duration, Instant};

/// A search's budget.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Budget {
    /// Iterations (determinize, descend, expand, roll out, back up) per searched decision.
    pub iterations: u32,
    /// Stop earlier than `iterations` once this much wall-clock time has passed.
    pub time: Option<Duration>,
}

impl Budget {
    pub fn iterations(iterations: u32) -> Budget {
        Budget {
            iterations: iterations.max(1),
            time: None,
        }
    }

    /// A clock for one decision.
    pub fn start(&self) -> Clock {
        Clock {
            budget: *self,
            started: Instant::now(),
            done: 0,
        }
    }
}

/// The budget of one decision being spent.
pub struct Clock {
    budget: Budget,
    started: Instant,
    done: u32,
}

impl Clock {
    /// Whether another iteration may start; counts it. The first iteration always runs, so
    /// that a decision always rests on at least one look ahead.
    pub fn another(&mut self) -> bool {
        if self.done >= self.budget.iterations {
            return false;
        }
        if self.done > 0 {
            if let Some(t) = self.budget.time {
                if self.started.elapsed() >= t {
                    return false;
                }
            }
        }
        self.done += 1;
        true
    }

    /// Whether the time limit, if any, has passed (for searches that count their own work).
    pub fn out_of_time(&self) -> bool {
        self.budget
            .time
            .is_some_and(|t| self.started.elapsed() >= t)
    }

    pub fn iterations(&self) -> u32 {
        self.done
    }

    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_iteration_budget_runs_exactly_that_many() {
        let mut c = Budget::iterations(7).start();
        let mut n = 0;
        while c.another() {
            n += 1;
        }
        assert_eq!((n, c.iterations()), (7, 7));
    }

    #[test]
    fn a_time_budget_stops_early_but_runs_at_least_once() {
        let b = Budget {
            iterations: u32::MAX,
            time: Some(Duration::from_millis(20)),
        };
        let mut c = b.start();
        let mut n = 0u64;
        while c.another() {
            n += 1;
            std::thread::sleep(Duration::from_millis(2));
        }
        assert!((1..1000).contains(&n), "{n} iterations in 20 ms");
        assert!(c.elapsed() < Duration::from_millis(500));
        let mut zero = Budget {
            iterations: 5,
            time: Some(Duration::ZERO),
        }
        .start();
        assert!(zero.another(), "the first iteration always runs");
        assert!(!zero.another());
    }
}
