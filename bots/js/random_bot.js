#!/usr/bin/env node
// A random bot in Node.js for both games: proof that the protocol (protocol.md) is language-
// neutral. It uses only Node's standard library (readline) and never needs to know a rule: it
// answers every request with a random pick from the legal actions it was sent.
//
// Run it:   thousand match --game dice "node bots/js/random_bot.js" builtin:random
//           thousand match --game cards "node bots/js/random_bot.js 7" builtin:random builtin:random
// The optional argument is the seed (default 1). Like bots/random_bot.py the bot is re-seeded at
// every game_start from (seed, game, seat), so a game replays the same whatever came before.
// Copy it and replace choose(). Needs Node 12 or later (`node --version`).
"use strict";

const readline = require("readline");

// A small seeded generator (mulberry32): Math.random cannot be seeded.
function generator(seed) {
  let state = seed >>> 0;
  return function next() {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296; // uniform in [0, 1)
  };
}

// A 32-bit seed from a string such as "1:3:0" (FNV-1a hash).
function hashSeed(text) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

// The whole strategy of this bot: any legal action. The `view` is there for a smarter bot.
function choose(view, legal, random) {
  return legal[Math.floor(random() * legal.length)];
}

// One JSON object per line, "\n"-terminated. process.stdout.write on a pipe is asynchronous
// but keeps the order of writes; nothing is buffered on our side, so each line leaves at once.
function send(message) {
  process.stdout.write(JSON.stringify(message) + "\n");
}

const seed = process.argv.length > 2 ? Number(process.argv[2]) : 1;
let random = generator(seed);

const input = readline.createInterface({ input: process.stdin, terminal: false });
input.on("line", (line) => {
  if (!line.trim()) return;
  const message = JSON.parse(line);
  switch (message.type) {
    case "hello":
      send({ type: "hello", name: "random-js", version: "1.0", protocol: 1 });
      break;
    case "game_start":
      random = generator(hashSeed(`${seed}:${message.game}:${message.seat}`));
      break;
    case "request":
      send({ type: "action", id: message.id, action: choose(message.view, message.legal, random) });
      break;
    case "bye":
      input.close();
      break;
    default:
      break; // game_end and any message type added later: nothing to answer
  }
});
input.on("close", () => process.exit(0));
