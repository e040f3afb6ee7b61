//! The strategy: which of the request's legal actions to send. `choose` at the end is the one
//! function to change; the rest is the example strategy it calls (the dice: keep every scoring
//! die, stop once the turn total reaches a threshold; the cards: bots/card_bot.py's
//! preferences, simplified). It returns an index into the legal actions, so every move is legal.

use crate::protocol::{Action, CardsRules, CardsView, DiceRules, DiceView, Phase};

/// Everything the bot knows: kept from hello and game_start, refreshed by every request.
#[derive(Default)]
pub struct Bot {
    pub game: String,
    pub players: usize,
    pub dice_rules: DiceRules,
    pub cards_rules: CardsRules,
    pub seat: usize,
    pub dice: DiceView,
    pub cards: CardsView,
    pub legal: Vec<Action>,
}

// ------------------------------------------------------------------------------------ dice --

/// With n dice to throw next, stop once the turn total is at least THRESHOLD[n] (the
/// thresholds bots/dice_bot.py works out for the classic rules).
const THRESHOLD: [i64; 6] = [0, 0, 0, 5, 65, 325];

fn kept(action: &Action) -> usize {
    action.keep.as_ref().map_or(0, Vec::len)
}

fn choose_dice(bot: &Bot) -> usize {
    let view = &bot.dice;
    let best_keep = bot.legal.iter().map(kept).max().unwrap_or(0);
    // Keeping every scoring die leaves fewer to throw; none left: hot dice, all five return.
    let dice = match view.dice_left.saturating_sub(best_keep) {
        0 => 5,
        n => n.min(5),
    };
    let score = view.scores.get(bot.seat).copied().unwrap_or(0);
    let wins = score + view.turn_total >= bot.dice_rules.goal;
    let want = if wins || view.turn_total >= THRESHOLD[dice] { "stop" } else { "roll" };
    let keeping = |i: &usize| kept(&bot.legal[*i]) == best_keep;
    (0..bot.legal.len())
        .filter(keeping)
        .find(|&i| bot.legal[i].r#type == want)
        .or_else(|| (0..bot.legal.len()).find(keeping)) // "stop" is not offered below the opening
        .unwrap_or(0)
}

// ----------------------------------------------------------------------------------- cards --

const RANKS: &str = "9JQKTA"; // low to high; T is the ten
const POINTS: [i64; 6] = [0, 2, 3, 4, 10, 11];

fn rank(card: &str) -> usize {
    card.chars().next().and_then(|r| RANKS.find(r)).unwrap_or(0)
}

fn suit(card: &str) -> char {
    card.chars().nth(1).unwrap_or('?')
}

fn marriage_value(suit: char) -> i64 {
    match suit {
        'S' => 40,
        'C' => 60,
        'D' => 80,
        _ => 100,
    }
}

fn holds(cards: &[String], rank: char, suit: char) -> bool {
    cards.iter().any(|c| c.starts_with(rank) && c.ends_with(suit))
}

/// A king or queen whose partner is still in the hand: worth keeping.
fn in_marriage(view: &CardsView, card: &str) -> bool {
    match card.chars().next() {
        Some('K') => holds(&view.hand, 'Q', suit(card)),
        Some('Q') => holds(&view.hand, 'K', suit(card)),
        _ => false,
    }
}

/// No card of the suit that could beat it is still out.
fn is_master(view: &CardsView, card: &str) -> bool {
    RANKS.chars().skip(rank(card) + 1).all(|higher| {
        holds(&view.hand, higher, suit(card)) || holds(&view.played, higher, suit(card))
    })
}

fn is_trump(view: &CardsView, card: &str) -> bool {
    view.trump.as_deref().and_then(|t| t.chars().next()) == Some(suit(card))
}

/// The points the hand should take as declarer: aces, tens behind them, marriages.
fn estimate(bot: &Bot) -> i64 {
    let hand = &bot.cards.hand;
    let catch_points = if bot.players == 2 { 3 } else { 6 }; // the others' cards a trick brings
    let aces = hand.iter().any(|c| c.starts_with('A'));
    let mut total = 0;
    for s in "SCDH".chars() {
        if holds(hand, 'A', s) {
            total += 11 + catch_points;
            if holds(hand, 'T', s) {
                total += 10 + catch_points;
            }
        }
        if holds(hand, 'K', s) && holds(hand, 'Q', s) {
            let worth = marriage_value(s) + 7;
            total += if aces || bot.cards_rules.marriage_on_first_lead { worth } else { worth / 2 };
        }
    }
    total
}

/// How much it hurts to part with a card (give it away, or play it without winning).
fn cost(view: &CardsView, card: &str) -> i64 {
    let mut value = 10 * POINTS[rank(card)] + rank(card) as i64;
    if in_marriage(view, card) {
        value += 1000;
    }
    if is_master(view, card) {
        value += 200;
    }
    if is_trump(view, card) {
        value += 150;
    }
    value
}

/// Whether `card` beats `best`, the card now winning the trick.
fn beats(view: &CardsView, card: &str, best: &str) -> bool {
    if suit(card) == suit(best) {
        rank(card) > rank(best)
    } else {
        is_trump(view, card)
    }
}

fn card(action: &Action) -> &str {
    action.card.as_deref().unwrap_or("")
}

fn plain(action: &Action, kind: &str) -> bool {
    action.r#type == kind && action.marriage.is_none() && action.ace_marriage.is_none()
}

/// The index of the plain legal action of `kind` with the least `key`.
fn least<K: Ord>(bot: &Bot, kind: &str, key: impl Fn(&Action) -> K) -> Option<usize> {
    (0..bot.legal.len()).filter(|&i| plain(&bot.legal[i], kind)).min_by_key(|&i| key(&bot.legal[i]))
}

fn choose_play(bot: &Bot) -> usize {
    let view = &bot.cards;
    let cheapest = || least(bot, "play", |a| cost(view, card(a))).unwrap_or(0);
    let legal = &bot.legal;
    if view.trick.is_empty() {
        // We lead: the aces' marriage, the best marriage, a sure winner, else the cheapest.
        if let Some(i) = legal.iter().position(|a| a.ace_marriage == Some(true)) {
            return i;
        }
        let marriages = (0..legal.len()).filter(|&i| legal[i].marriage == Some(true));
        if let Some(i) = marriages.max_by_key(|&i| marriage_value(suit(card(&legal[i])))) {
            return i;
        }
        let sure = |a: &Action| is_master(view, card(a)) && !in_marriage(view, card(a));
        return (0..legal.len()).find(|&i| plain(&legal[i], "play") && sure(&legal[i]))
            .unwrap_or_else(cheapest);
    }
    // We follow: win as cheaply as we can with a card nobody behind can beat, else throw.
    let mut best = view.trick[0].card.as_str();
    for played in &view.trick[1..] {
        if beats(view, &played.card, best) {
            best = &played.card;
        }
    }
    let last = view.trick.len() == if bot.players == 2 { 1 } else { 2 };
    (0..legal.len())
        .filter(|&i| beats(view, card(&legal[i]), best) && (last || is_master(view, card(&legal[i]))))
        .min_by_key(|&i| rank(card(&legal[i])))
        .unwrap_or_else(cheapest)
}

fn choose_cards(bot: &Bot) -> usize {
    let view = &bot.cards;
    let strength = estimate(bot);
    let find = |kind: &str| bot.legal.iter().position(|a| a.r#type == kind);
    let value = |a: &Action| a.value.unwrap_or(0);
    match view.phase {
        Phase::Bidding => find("look") // look at the hand first; a poor hand: redeal
            .or_else(|| find("redeal"))
            .or_else(|| least(bot, "bid", value).filter(|&i| value(&bot.legal[i]) <= strength + 15))
            .or_else(|| find("pass"))
            .unwrap_or(0),
        // The highest contract the hand covers with a margin, else the lowest.
        Phase::Contract => {
            let covered = |a: &Action| value(a) <= strength - 10;
            least(bot, "contract", |a| if covered(a) { -value(a) } else { i64::MAX })
                .filter(|&i| covered(&bot.legal[i]))
                .or_else(|| least(bot, "contract", value))
                .unwrap_or(0)
        }
        Phase::Talon => {
            // The cheapest card, to the opponent with the lower score.
            let behind = |a: &Action| a.to.and_then(|s| view.scores.get(s)).copied().unwrap_or(0);
            let key = |a: &Action| (cost(view, card(a)), behind(a));
            least(bot, "discard", key).or_else(|| least(bot, "give", key)).unwrap_or(0)
        }
        Phase::Play => choose_play(bot),
        _ => 0, // anything else (2 players: which talon to take)
    }
}

// ---------------------------------------------------------------------- YOUR STRATEGY HERE --

/// The index in `bot.legal` of the action to send back. The game's view is `bot.dice` or
/// `bot.cards`, your seat `bot.seat`.
pub fn choose(bot: &Bot) -> usize {
    if bot.legal.len() == 1 {
        return 0; // a forced move: still answered
    }
    let chosen = if bot.game == "dice" { choose_dice(bot) } else { choose_cards(bot) };
    if chosen < bot.legal.len() { chosen } else { 0 }
}
