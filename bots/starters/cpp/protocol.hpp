// The messages of protocol.md that this bot reads, as C++ structs filled by nlohmann/json.
// Only the fields the strategy uses are kept; keys this bot does not know are ignored, as the
// protocol asks. Every key is read through read() below: schema-fields.json lists them for the
// drift test (tests/starters).
#pragma once

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

using nlohmann::json;

// Sets `out` from j[name] when it is there and not null; otherwise `out` keeps its default.
template <typename T>
void read(const json& j, const char* name, T& out) {
    auto found = j.find(name);
    if (found != j.end() && !found->is_null()) found->get_to(out);
}

struct Hello {
    std::string game;  // "dice" or "cards"
    int players = 2;
    json rules;        // every rule field: read as DiceRules or CardsRules
};

inline void from_json(const json& j, Hello& v) {
    read(j, "game", v.game);
    read(j, "players", v.players);
    read(j, "rules", v.rules);
}

struct DiceRules {
    int goal = 1000;  // the score that wins
};

inline void from_json(const json& j, DiceRules& v) { read(j, "goal", v.goal); }

struct CardsRules {
    bool marriage_on_first_lead = false;
};

inline void from_json(const json& j, CardsRules& v) {
    read(j, "marriage_on_first_lead", v.marriage_on_first_lead);
}

struct GameStart {
    int seat = 0;
};

inline void from_json(const json& j, GameStart& v) { read(j, "seat", v.seat); }

// One legal action, typed; `raw` is the action as sent, which goes back unchanged.
struct Action {
    std::string type;  // dice: roll, stop; cards: bid, pass, give, play, ...
    int value = 0;     // bid, blind_bid, contract
    std::string card;  // give, discard, play: "AH"
    int to = -1;       // give: the seat that receives the card
    std::vector<int> keep;  // dice with set_aside "choose": the dice kept
    bool marriage = false;
    bool ace_marriage = false;
    json raw;
};

inline void from_json(const json& j, Action& v) {
    read(j, "type", v.type);
    read(j, "value", v.value);
    read(j, "card", v.card);
    read(j, "to", v.to);
    read(j, "keep", v.keep);
    read(j, "marriage", v.marriage);
    read(j, "ace_marriage", v.ace_marriage);
    v.raw = j;
}

struct DiceView {
    std::vector<int> scores;
    int turn_total = 0;
    int dice_left = 0;
};

inline void from_json(const json& j, DiceView& v) {
    read(j, "scores", v.scores);
    read(j, "turn_total", v.turn_total);
    read(j, "dice_left", v.dice_left);
}

struct SeatCard {
    int seat = 0;
    std::string card;
};

inline void from_json(const json& j, SeatCard& v) {
    read(j, "seat", v.seat);
    read(j, "card", v.card);
}

struct CardsView {
    std::string phase;
    std::vector<std::string> hand;
    std::vector<int> scores;
    std::string trump;                // "" until there is one
    std::vector<SeatCard> trick;      // the current trick so far
    std::vector<std::string> played;  // every card played this deal
    int declarer = -1;                // -1: none yet
    int contract = 0;                 // 0: none yet
};

inline void from_json(const json& j, CardsView& v) {
    read(j, "phase", v.phase);
    read(j, "hand", v.hand);
    read(j, "scores", v.scores);
    read(j, "trump", v.trump);
    read(j, "trick", v.trick);
    read(j, "played", v.played);
    read(j, "declarer", v.declarer);
    read(j, "contract", v.contract);
}

// A request: the legal actions, and the view of the game being played.
struct Request {
    json id;
    json view;
    std::vector<Action> legal;
};

inline void from_json(const json& j, Request& v) {
    read(j, "id", v.id);
    read(j, "view", v.view);
    read(j, "legal", v.legal);
}
