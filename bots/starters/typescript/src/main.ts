// A starter bot in TypeScript for both games of protocol.md: one JSON object a line on stdin,
// one answer a line on stdout, logging on stderr. choose() below is the one function to
// change; the messages' types are in messages.ts (generated from `thousand protocol schema`:
// npm run types), which holds types only, so that this file is the whole program at run time
// (a sandbox may show the bot only the file its command names).
//
// Build: tsc (npm run build), into dist/.   Check: thousand bots check "node dist/main.js"
import { createInterface } from "node:readline";
import type {
  BotAction,
  CardsAction,
  CardsHello,
  CardsHelloRules,
  CardsRequest,
  CardsView,
  DiceAction,
  DiceHello,
  DiceHelloRules,
  DiceRequest,
  DiceView,
  GameStart,
} from "./messages";

// The game of the match, its rules, and the latest request's view and legal actions.
type Table =
  | { game: "dice"; rules: DiceHelloRules; view?: DiceView; legal: DiceAction[] }
  | { game: "cards"; rules: CardsHelloRules; view?: CardsView; legal: CardsAction[] };

// Everything the bot knows: kept from hello and game_start, refreshed by every request.
class Bot {
  players = 0;
  seat = 0;
  table?: Table;
}

// --------------------------------------------------------------------- YOUR STRATEGY HERE --

// The index in the table's legal actions of the action to send back. bot.table holds the
// game's rules, the request's view and its legal actions; bot.seat is your seat.
function choose(bot: Bot): number {
  const table = bot.table;
  if (table === undefined || table.view === undefined || table.legal.length === 1) {
    return 0; // a forced move: still answered
  }
  if (table.game === "dice") return chooseDice(bot, table.rules, table.view, table.legal);
  return chooseCards(bot, table.rules, table.view, table.legal);
}

// The example strategy choose() calls (the dice: keep every scoring die, stop once the turn
// total reaches a threshold; the cards: bots/card_bot.py's preferences, simplified). Each
// returns an index into the legal actions, so every move is legal.

// ----------------------------------------------------------------------------------- dice --

// With n dice to throw next, stop once the turn total is at least THRESHOLD[n] (the
// thresholds bots/dice_bot.py works out for the classic rules).
const THRESHOLD = [0, 0, 0, 5, 65, 325];

function chooseDice(bot: Bot, rules: DiceHelloRules, view: DiceView, legal: DiceAction[]): number {
  const kept = (action: DiceAction): number => action.keep?.length ?? 0;
  const bestKeep = Math.max(...legal.map(kept));
  let dice = view.dice_left - bestKeep; // keep every scoring die
  if (dice <= 0 || dice > 5) dice = 5; // hot dice: all five come back
  const score = view.scores[bot.seat] ?? 0;
  const wins = score + view.turn_total >= (rules.goal ?? Infinity);
  const want = wins || view.turn_total >= (THRESHOLD[dice] ?? 0) ? "stop" : "roll";
  const keeping = legal.filter((action) => kept(action) === bestKeep);
  const chosen = keeping.find((action) => action.type === want) ?? keeping[0]; // no stop below the opening
  return chosen ? legal.indexOf(chosen) : 0;
}

// ---------------------------------------------------------------------------------- cards --

const RANKS = "9JQKTA"; // low to high; T is the ten
const POINTS = [0, 2, 3, 4, 10, 11];
const MARRIAGE: Record<string, number> = { S: 40, C: 60, D: 80, H: 100 };

const rank = (card: string): number => Math.max(RANKS.indexOf(card.charAt(0)), 0);
const suit = (card: string): string => card.charAt(1);

// A king or queen whose partner is still in the hand: worth keeping.
function inMarriage(view: CardsView, card: string): boolean {
  const partner = { K: "Q", Q: "K" }[card.charAt(0)];
  return partner !== undefined && view.hand.includes(partner + suit(card));
}

// No card of the suit that could beat it is still out.
function isMaster(view: CardsView, card: string): boolean {
  return [...RANKS.slice(rank(card) + 1)].every((higher) => {
    const other = higher + suit(card);
    return view.hand.includes(other) || view.played.includes(other);
  });
}

const isTrump = (view: CardsView, card: string): boolean => view.trump === suit(card);

// The points the hand should take as declarer: aces, tens behind them, marriages.
function estimate(bot: Bot, rules: CardsHelloRules, hand: string[]): number {
  const catchPoints = bot.players === 2 ? 3 : 6; // the others' cards a won trick brings in
  const aces = hand.some((card) => card.startsWith("A"));
  let total = 0;
  for (const s of "SCDH") {
    if (hand.includes("A" + s)) {
      total += 11 + catchPoints;
      if (hand.includes("T" + s)) total += 10 + catchPoints;
    }
    if (hand.includes("K" + s) && hand.includes("Q" + s)) {
      const worth = (MARRIAGE[s] ?? 0) + 7;
      // To declare it we must first win a lead: an ace helps.
      total += aces || rules.marriage_on_first_lead ? worth : Math.floor(worth / 2);
    }
  }
  return total;
}

// How much it hurts to part with a card (give it away, or play it without winning).
function cost(view: CardsView, card: string): number {
  let value = 10 * (POINTS[rank(card)] ?? 0) + rank(card);
  if (inMarriage(view, card)) value += 1000;
  if (isMaster(view, card)) value += 200;
  if (isTrump(view, card)) value += 150;
  return value;
}

// Whether card beats best, the card now winning the trick.
function beats(view: CardsView, card: string, best: string): boolean {
  return suit(card) === suit(best) ? rank(card) > rank(best) : isTrump(view, card);
}

const plain = (action: CardsAction, kind: string): boolean =>
  action.type === kind && !action.marriage && !action.ace_marriage;

// The least of the actions that pass (by `key`, the first on a tie), or undefined.
function least(
  legal: CardsAction[],
  passes: (action: CardsAction) => boolean,
  key: (action: CardsAction) => number,
): CardsAction | undefined {
  let found: CardsAction | undefined;
  for (const action of legal) {
    if (passes(action) && (found === undefined || key(action) < key(found))) found = action;
  }
  return found;
}

function choosePlay(view: CardsView, legal: CardsAction[], players: number): CardsAction | undefined {
  const card = (action: CardsAction): string => action.card ?? "";
  const cheapest = least(legal, (a) => plain(a, "play"), (a) => cost(view, card(a)));
  const first = view.trick[0];
  if (first === undefined) {
    // We lead: the aces' marriage, the best marriage, a sure winner, else the cheapest.
    return (
      legal.find((a) => a.ace_marriage) ??
      least(legal, (a) => a.marriage === true, (a) => -(MARRIAGE[suit(card(a))] ?? 0)) ??
      legal.find((a) => plain(a, "play") && isMaster(view, card(a)) && !inMarriage(view, card(a))) ??
      cheapest
    );
  }
  // We follow: win as cheaply as we can with a card nobody behind can beat, else throw.
  let best = first.card;
  for (const played of view.trick) {
    if (beats(view, played.card, best)) best = played.card;
  }
  const last = view.trick.length === (players === 2 ? 1 : 2);
  const wins = (a: CardsAction): boolean =>
    a.card !== undefined && beats(view, a.card, best) && (last || isMaster(view, a.card));
  return least(legal, wins, (a) => rank(card(a))) ?? cheapest;
}

function chooseCards(bot: Bot, rules: CardsHelloRules, view: CardsView, legal: CardsAction[]): number {
  const strength = estimate(bot, rules, view.hand);
  const value = (action: CardsAction): number => action.value ?? 0;
  const find = (kind: string): CardsAction | undefined => legal.find((a) => a.type === kind);
  let chosen: CardsAction | undefined;
  switch (view.phase) {
    case "bidding": // look at the hand first; a poor hand: redeal; else the smallest raise
      chosen =
        find("look") ??
        find("redeal") ??
        least(legal, (a) => plain(a, "bid") && value(a) <= strength + 15, value) ??
        find("pass");
      break;
    case "contract": // the highest contract the hand covers with a margin, else the lowest
      chosen =
        least(legal, (a) => plain(a, "contract") && value(a) <= strength - 10, (a) => -value(a)) ??
        least(legal, (a) => plain(a, "contract"), value);
      break;
    case "talon": {
      // The cheapest card, to the opponent with the lower score (a score is under 10^6).
      const key = (a: CardsAction): number =>
        cost(view, a.card ?? "") * 1e7 + (view.scores[a.to ?? -1] ?? 0);
      chosen =
        least(legal, (a) => plain(a, "discard"), key) ?? least(legal, (a) => plain(a, "give"), key);
      break;
    }
    case "play":
      chosen = choosePlay(view, legal, bot.players);
      break;
    default:
      break; // anything else (2 players: which talon to take): the first
  }
  return chosen === undefined ? 0 : legal.indexOf(chosen);
}

// ------------------------------------------------------------------------------- protocol --

// One message, one line. process.stdout.write on a pipe keeps the order of writes and
// nothing is held back on our side, so each line leaves at once.
function send(message: object): void {
  process.stdout.write(JSON.stringify(message) + "\n");
}

function log(text: string): void {
  process.stderr.write(`starter-typescript: ${text}\n`);
}

// Keeps the game and its rules, and answers; false: a game this bot does not play.
function hello(bot: Bot, message: DiceHello | CardsHello): boolean {
  if (message.game === "dice") {
    bot.table = { game: "dice", rules: message.rules, legal: [] };
  } else if (message.game === "cards") {
    bot.table = { game: "cards", rules: message.rules, legal: [] };
  } else {
    log(`a game this bot does not know: ${JSON.stringify((message as { game?: unknown }).game)}`);
    return false; // leaving before our hello: the referee records why
  }
  bot.players = message.players;
  // This bot reads each request's view, so it asks the referee to leave out the events.
  send({ type: "hello", name: "starter-typescript", version: "1.0", protocol: 1, omit: ["events"] });
  return true;
}

// Reads one request into the bot's state and sends the chosen legal action back, unchanged.
function answer(bot: Bot, request: DiceRequest | CardsRequest): void {
  if (bot.table?.game === "dice") {
    bot.table.view = (request as DiceRequest).view;
    bot.table.legal = (request as DiceRequest).legal;
  } else if (bot.table?.game === "cards") {
    bot.table.view = (request as CardsRequest).view;
    bot.table.legal = (request as CardsRequest).legal;
  }
  const chosen = choose(bot);
  const action = request.legal[chosen] ?? request.legal[0];
  const reply: BotAction = { type: "action", id: request.id, action };
  send(reply);
}

const bot = new Bot();
const input = createInterface({ input: process.stdin, terminal: false });
input.on("line", (line) => {
  if (!line.trim()) return;
  const message = JSON.parse(line) as { type?: unknown };
  switch (message.type) {
    case "hello":
      if (!hello(bot, message as DiceHello | CardsHello)) input.close();
      break;
    case "game_start":
      bot.seat = (message as GameStart).seat;
      break;
    case "request":
      answer(bot, message as DiceRequest | CardsRequest);
      break;
    case "bye":
      input.close();
      break;
    default:
      break; // game_end, and any type added later: nothing to answer
  }
});
input.on("close", () => process.exit(0));
