//! `tabletop`: play, simulate, replay, benchmark and script the games.
//!
//! One subcommand per game (`tabletop firefly …`). A game module provides `Args` (clap) and
//! `run(args) -> anyhow::Result<()>`; the game-agnostic driving (matches, saves, simulations,
//! JSON mode) is the `tabletop-driver` library, the terminal interface is [`text`].

mod content;
mod firefly;
mod firefly_map;
mod hard_args;
mod mandalorian;
mod serve;
mod style;
mod text;

use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

#[derive(Parser, Debug)]
#[command(name = "tabletop", version, about = "Rules-exact digital board games")]
struct Cli {
    #[command(subcommand)]
    game: GameCmd,
}

#[derive(Subcommand, Debug)]
enum GameCmd {
    /// Firefly: The Game (Gale Force Nine, 2013).
    Firefly(firefly::FireflyArgs),
    /// Star Wars: The Mandalorian Adventures (Unexpected Games, 2024), original content.
    Mandalorian(mandalorian::MandalorianArgs),
    /// The game server: play in the browser, online with friends.
    Serve(serve::ServeArgs),
    /// Load generator for the game server (loopback only).
    Loadgen(serve::LoadgenArgs),
}

/// Every game's commands with their one-line help, for `tabletop --help`.
fn games_commands(cli: &clap::Command) -> String {
    let mut s = String::from("Each game's commands (`tabletop GAME COMMAND --help` for more):");
    for game in cli.get_subcommands() {
        for c in game.get_subcommands() {
            let about = c.get_about().map(|a| a.to_string()).unwrap_or_default();
            let name = format!("{} {}", game.get_name(), c.get_name());
            s.push_str(&format!("\n  {name:<22} {about}"));
        }
    }
    s
}

fn main() -> ExitCode {
    text::quiet_broken_pipe();
    style::init();
    let command = Cli::command();
    let listing = games_commands(&command);
    let matches = command.after_help(listing).get_matches();
    let cli = Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    let result = match cli.game {
        GameCmd::Firefly(a) => firefly::run(a),
        GameCmd::Mandalorian(a) => mandalorian::run(a),
        GameCmd::Serve(a) => serve::serve(a),
        GameCmd::Loadgen(a) => serve::loadgen(a),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}
