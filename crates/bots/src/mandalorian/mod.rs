//! A heuristic bot for *The Mandalorian Adventures* that can play any seat: a greedy look-ahead
//! over one card's resolution, valued by a heuristic of public information.
//!
//! Where to look:
//! * which card into which slot, or end the action phase — [`MandalorianBot::choose`] here;
//! * the decisions inside a card (resolve the action or not, targets, the steps of a Move, what
//!   to keep from a Plan), and every other decision — [`lookahead`];
//! * how good a position is (health, the crisis track, enemies, each mission's objective) —
//!   [`evaluate`].
//!
//! Before looking ahead it determinizes its copy for the acting seat
//! ([`Mandalorian::determinize_for`]): deck orders, other seats' hands, unseen face-down threats
//! and the dice to come are dealt anew, so it never peeks (`tests/mandalorian_no_peeking.rs`).

pub mod evaluate;
pub mod lookahead;

use tabletop_core::{Game, Rng, Seat};
use tabletop_mandalorian::{Action, Happened, Mandalorian};

pub use evaluate::evaluate;

use crate::Bot;

/// The heuristic Mandalorian bot. Its own RNG (tie-breaking noise, the forgotten future) is
/// seeded, so its games replay.
pub struct MandalorianBot {
    rng: Rng,
    /// Scratch buffers, reused from decision to decision: the legal actions of the decision,
    /// those of the look-ahead's decisions, and the events of the look-ahead.
    buf: Vec<Action>,
    inner: Vec<Action>,
    ev: Vec<Happened>,
    /// States kept for the look-ahead's copies (the determinized position, each action's trial,
    /// each inner decision's trial), written over with `clone_from` (issue 11: a copy into a
    /// kept state shares the options once and drops nothing).
    copies: Copies,
}

/// The look-ahead's kept states ([`MandalorianBot::copies`]); empty until the first decision.
#[derive(Default)]
pub struct Copies {
    base: Option<Mandalorian>,
    trial: Option<Mandalorian>,
    inner: Option<Mandalorian>,
}

/// `src` copied into the state kept in `slot` (kept from now on if there was none).
pub(crate) fn copy_into<'a>(
    slot: &'a mut Option<Mandalorian>,
    src: &Mandalorian,
) -> &'a mut Mandalorian {
    match slot {
        Some(k) => {
            k.clone_from(src);
            k
        }
        None => slot.insert(src.clone()),
    }
}

impl MandalorianBot {
    pub fn new(seed: u64) -> MandalorianBot {
        MandalorianBot {
            rng: Rng::new(seed),
            buf: Vec::new(),
            inner: Vec::new(),
            ev: Vec::new(),
            copies: Copies::default(),
        }
    }

    /// Choose an action for the seat to act.
    ///
    /// Every legal action is tried on a copy of the state whose future is forgotten; the card
    /// it plays or is part of is then resolved greedily to its end
    /// ([`lookahead::greedy_to_action_phase`]) before the position is valued — at the
    /// action-phase decision (which card into which slot) and at every decision inside a card
    /// alike. Valued without that continuation, "resolve the Move" (MA-ACT-2, -5) and "done
    /// with this card" leave the same position (the character has not stepped yet), so they
    /// scored alike and the tie-breaking noise threw about half of the Move actions away
    /// (issue 12); with it, resolving the Move is worth the steps that follow.
    pub fn choose(&mut self, g: &Mandalorian) -> Action {
        let mut legal = std::mem::take(&mut self.buf);
        g.legal_actions(&mut legal);
        debug_assert!(!legal.is_empty());
        if legal.len() == 1 {
            let a = legal[0];
            self.buf = legal;
            return a;
        }
        let Copies { base, trial, inner } = &mut self.copies;
        let base = copy_into(base, g);
        // Honest information (issue 12): everything the acting seat cannot see is dealt anew.
        base.determinize(g.active_seat(), self.rng.next_u64());
        let mut best = legal[0];
        let mut best_v = f64::NEG_INFINITY;
        for &a in &legal {
            let s = copy_into(trial, base);
            self.ev.clear();
            s.apply_unchecked(a, &mut self.ev);
            // Ending the action phase starts the event phase: nothing to continue.
            if !matches!(a, Action::EndActions) {
                lookahead::greedy_to_action_phase(s, inner, &mut self.inner, &mut self.ev);
            }
            // Small noise breaks ties differently from game to game.
            let v = evaluate(s) + self.rng.below(1000) as f64 * 1e-6;
            if v > best_v {
                best_v = v;
                best = a;
            }
        }
        self.buf = legal;
        best
    }
}

impl Bot<Mandalorian> for MandalorianBot {
    fn name(&self) -> &str {
        "bot"
    }

    /// The engine's active seat makes every decision (MA-GOLD-3), so `seat` is the actor and
    /// `legal` what the engine lists for it.
    fn choose(&mut self, game: &Mandalorian, _seat: Seat, _legal: &[Action]) -> Action {
        MandalorianBot::choose(self, game)
    }
}

/// Play a whole game with bots in every seat; returns whether it was won and the number of
/// decisions taken.
pub fn play_out(g: &mut Mandalorian, bot: &mut MandalorianBot, max_steps: u32) -> (bool, u32) {
    let mut ev = Vec::new();
    let mut n = 0;
    while g.outcome.is_none() && n < max_steps {
        let a = bot.choose(g);
        ev.clear();
        g.apply_unchecked(a, &mut ev);
        n += 1;
    }
    let won = g.outcome.as_ref().is_some_and(|o| !o.winners.is_empty());
    (won, n)
}
