//! The messages of protocol.md that this bot reads, as serde structs. Only the fields the
//! strategy uses are declared: serde ignores every other key, as the protocol asks.
//! schema-fields.json lists these fields for the drift test (tests/starters).

use serde::Deserialize;
use serde_json::Value;

/// A message from the referee, told apart by its "type"; a type this bot does not know
/// (game_end, and any added later) is `Other`.
#[derive(Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Message {
    Hello(Hello),
    GameStart(GameStart),
    Request(Request),
    Bye,
    #[serde(other)]
    Other,
}

#[derive(Deserialize)]
pub struct Hello {
    pub game: String,
    pub players: usize,
    /// Every rule field: read as `DiceRules` or `CardsRules`.
    pub rules: Value,
}

#[derive(Deserialize, Default)]
pub struct DiceRules {
    pub goal: i64,
}

#[derive(Deserialize, Default)]
pub struct CardsRules {
    pub marriage_on_first_lead: bool,
}

#[derive(Deserialize)]
pub struct GameStart {
    pub seat: usize,
}

#[derive(Deserialize)]
pub struct Request {
    /// Echoed back as it came.
    pub id: Value,
    /// The game's view: read as `DiceView` or `CardsView`.
    pub view: Value,
    /// Each is read as an `Action`; the chosen one goes back unchanged.
    pub legal: Vec<Value>,
}

/// One legal action, typed (the fields of both games; those of the other game are None).
#[derive(Deserialize, Default)]
pub struct Action {
    pub r#type: String,
    pub value: Option<i64>,
    pub card: Option<String>,
    pub to: Option<usize>,
    pub keep: Option<Vec<u8>>,
    pub marriage: Option<bool>,
    pub ace_marriage: Option<bool>,
}

#[derive(Deserialize, Default)]
pub struct DiceView {
    pub scores: Vec<i64>,
    pub turn_total: i64,
    pub dice_left: usize,
}

#[derive(Deserialize, Default)]
pub struct SeatCard {
    pub seat: usize,
    pub card: String,
}

#[derive(Deserialize, Default)]
pub struct CardsView {
    pub phase: Phase,
    pub hand: Vec<String>,
    pub scores: Vec<i64>,
    pub trump: Option<String>,
    pub trick: Vec<SeatCard>,
    pub played: Vec<String>,
}

/// What the card table does now (its enum in `thousand protocol schema`).
#[derive(Deserialize, Default, PartialEq, Eq, Clone, Copy, Debug)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    #[default]
    Lot,
    Deal,
    Bidding,
    ChooseTalon,
    Talon,
    Contract,
    Play,
    Over,
}
