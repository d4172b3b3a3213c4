//! `tabletop`: play, simulate, replay, benchmark and script the games.
//!
//! One subcommand per game (`tabletop firefly …`). A game module provides `Args` (clap) and
//! `run(args) -> anyhow::Result<()>`; the game-agnostic driving (matches, saves, simulations,
//! JSON mode) is the `tabletop-driver` library, the terminal interface is [`text`].

mod firefly;
mod mandalorian;
mod serve;
mod text;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

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

fn main() -> ExitCode {
    text::quiet_broken_pipe();
    let cli = Cli::parse();
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
