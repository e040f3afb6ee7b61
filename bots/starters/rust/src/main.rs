//! A starter bot in Rust for both games of protocol.md: one JSON object a line on stdin, one
//! answer a line on stdout (flushed), logging on stderr. The strategy lives in strategy.rs.
//!
//! Build: cargo build --release --offline   (Debian: cargo librust-serde-json-dev
//!        librust-serde-derive-dev; .cargo/config.toml points at Debian's crates)
//! Check: thousand bots check ./target/release/starter

mod protocol;
mod strategy;

use std::io::{self, BufRead, Write};

use protocol::{Action, CardsRules, CardsView, DiceRules, DiceView, Message};
use serde::Deserialize;
use serde_json::{json, Value};
use strategy::{choose, Bot};

/// One message, one line, flushed at once: the referee's clock runs until it arrives.
fn send(out: &mut impl Write, message: &Value) -> io::Result<()> {
    writeln!(out, "{message}")?;
    out.flush()
}

fn main() -> io::Result<()> {
    let stdin = io::stdin();
    let mut out = io::stdout().lock();
    let mut bot = Bot::default();
    for line in stdin.lock().lines() {
        let message = match serde_json::from_str::<Message>(&line?) {
            Ok(message) => message,
            Err(error) => {
                eprintln!("starter-rust: a line not understood: {error}");
                continue;
            }
        };
        match message {
            Message::Hello(hello) => {
                match hello.game.as_str() {
                    "dice" => bot.dice_rules = DiceRules::deserialize(&hello.rules)?,
                    "cards" => bot.cards_rules = CardsRules::deserialize(&hello.rules)?,
                    other => {
                        eprintln!("starter-rust: a game this bot does not know: {other}");
                        return Ok(()); // leaving before our hello: the referee records why
                    }
                }
                bot.game = hello.game;
                bot.players = hello.players;
                // This bot reads each request's view, so it asks the referee to leave out events.
                let hello = json!({"type": "hello", "name": "starter-rust", "version": "1.0",
                                   "protocol": 1, "omit": ["events"]});
                send(&mut out, &hello)?;
            }
            Message::GameStart(start) => bot.seat = start.seat,
            Message::Request(request) => {
                if request.legal.is_empty() {
                    continue;
                }
                if bot.game == "dice" {
                    bot.dice = DiceView::deserialize(&request.view)?;
                } else {
                    bot.cards = CardsView::deserialize(&request.view)?;
                }
                bot.legal = request.legal.iter().map(Action::deserialize).collect::<Result<_, _>>()?;
                // The chosen legal action goes back exactly as it came, unknown keys included.
                let action = &request.legal[choose(&bot)];
                send(&mut out, &json!({"type": "action", "id": request.id, "action": action}))?;
            }
            Message::Bye => break,
            Message::Other => {} // game_end, and any type added later: nothing to answer
        }
    }
    Ok(())
}
