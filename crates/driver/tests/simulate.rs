//! The driver's simulations, seats and statistics.

use tabletop_bots::{Bot, RandomBot};
use tabletop_core::Seat;
use tabletop_driver::*;
use tabletop_firefly::content::Content;
use tabletop_firefly::{Firefly, Options};

#[test]
fn seats_are_humans_or_known_bots() {
    let s = parse_seats("human, Bot,random", &["bot", "random"]).unwrap();
    assert_eq!(
        s,
        vec![
            SeatKind::Human,
            SeatKind::Bot("bot".into()),
            SeatKind::Bot("random".into())
        ]
    );
    let e = parse_seats("human,robot", &["bot"])
        .unwrap_err()
        .to_string();
    assert!(e.contains("seat 2 is \"robot\""), "{e}");
}

#[test]
fn mean_and_median() {
    assert_eq!(mean_median(&[3.0, 1.0, 2.0]), (2.0, 2.0));
    assert_eq!(mean_median(&[4.0, 1.0, 2.0, 3.0]), (2.5, 2.5));
    assert_eq!(mean_median(&[]), (0.0, 0.0));
}

fn firefly_sim(bots: BotMaker<'_, Firefly>, games: usize) -> Vec<GameRun<(u16, Vec<u32>)>> {
    let sim = Simulation::<Firefly> {
        content: Content::builtin(),
        games,
        base_seed: 42,
        seats: vec!["random".into(), "random".into()],
        bots,
        max_steps: 100_000,
        progress: false,
    };
    let mut o = Options::new(2, "The King of All Londinium");
    o.max_rounds = Some(8);
    sim.run(&|_| o.clone(), &|g: &Firefly| {
        (g.round, g.players.iter().map(|p| p.money).collect())
    })
}

#[test]
fn simulations_are_deterministic() {
    let a = firefly_sim(&generic_bot::<Firefly>, 6);
    let b = firefly_sim(&generic_bot::<Firefly>, 6);
    assert_eq!(a.len(), 6);
    for (x, y) in a.iter().zip(&b) {
        assert_eq!((x.index, x.seed, x.steps), (y.index, y.seed, y.steps));
        assert_eq!(x.result.as_ref().unwrap(), y.result.as_ref().unwrap());
        assert!(x.failure_save.is_none());
    }
    assert_ne!(a[0].seed, a[1].seed);
}

/// A bot that plays randomly, then panics: its game fails and its save shows where.
struct Breaker(RandomBot, u32);
impl Bot<Firefly> for Breaker {
    fn name(&self) -> &str {
        "breaker"
    }
    fn choose(
        &mut self,
        g: &Firefly,
        seat: Seat,
        legal: &[tabletop_firefly::Action],
    ) -> tabletop_firefly::Action {
        self.1 += 1;
        assert!(self.1 < 5, "the bot broke");
        self.0.choose(g, seat, legal)
    }
}

#[test]
fn a_failed_game_is_reported_with_its_save() {
    let runs = firefly_sim(
        &|_: &str, _: Seat, seed: u64| -> Box<dyn Bot<Firefly>> {
            Box::new(Breaker(RandomBot::new(seed), 0))
        },
        2,
    );
    for r in &runs {
        let e = r.result.as_ref().unwrap_err();
        assert!(e.contains("the bot broke"), "{e}");
        let save = r.failure_save.as_ref().expect("a save of the failed game");
        let m = Match::<Firefly>::load_str(Content::builtin(), save).unwrap();
        assert!(!m.record.actions.is_empty());
        assert_eq!(m.record.seed, r.seed);
    }
}
