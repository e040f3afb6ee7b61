// The strategy: which of the request's legal actions to send. choose() at the end is the one
// function to change; the rest is the example strategy it calls (the dice: keep every scoring
// die, stop once the turn total reaches a threshold; the cards: bots/card_bot.py's preferences,
// simplified). Whatever it returns indexes the legal actions, so every move is legal.
#include "strategy.hpp"

#include <algorithm>
#include <array>
#include <string>

namespace {

// ---------------------------------------------------------------------------------- dice --

// With n dice to throw next, stop once the turn total is at least THRESHOLD[n] (the
// thresholds bots/dice_bot.py works out for the classic rules).
constexpr std::array<int, 6> THRESHOLD = {0, 0, 0, 5, 65, 325};

std::size_t choose_dice(const Bot& bot) {
    const DiceView& view = bot.dice;
    std::size_t best_keep = 0;
    for (const Action& a : bot.legal) best_keep = std::max(best_keep, a.keep.size());
    int dice = view.dice_left - static_cast<int>(best_keep);  // keep every scoring die
    if (dice <= 0) dice = 5;  // hot dice: all five come back
    int score = bot.seat < static_cast<int>(view.scores.size()) ? view.scores[bot.seat] : 0;
    bool wins = score + view.turn_total >= bot.dice_rules.goal;
    std::string want = wins || view.turn_total >= THRESHOLD[dice] ? "stop" : "roll";
    std::size_t fallback = 0;
    for (std::size_t i = 0; i < bot.legal.size(); i++) {
        if (bot.legal[i].keep.size() != best_keep) continue;
        if (bot.legal[i].type == want) return i;
        fallback = i;
    }
    return fallback;  // "stop" is not offered below the opening: roll
}

// --------------------------------------------------------------------------------- cards --

const std::string RANKS = "9JQKTA";  // low to high; T is the ten
constexpr std::array<int, 6> POINTS = {0, 2, 3, 4, 10, 11};

int rank(const std::string& card) {
    auto at = card.empty() ? std::string::npos : RANKS.find(card[0]);
    return at == std::string::npos ? 0 : static_cast<int>(at);
}

char suit(const std::string& card) { return card.size() == 2 ? card[1] : '?'; }

int marriage_value(char s) { return s == 'S' ? 40 : s == 'C' ? 60 : s == 'D' ? 80 : 100; }

bool contains(const std::vector<std::string>& cards, const std::string& card) {
    return std::find(cards.begin(), cards.end(), card) != cards.end();
}

// A king or queen whose partner is still in the hand: worth keeping.
bool in_marriage(const CardsView& view, const std::string& card) {
    if (card.empty() || (card[0] != 'K' && card[0] != 'Q')) return false;
    return contains(view.hand, std::string{card[0] == 'K' ? 'Q' : 'K', suit(card)});
}

// No card of the suit that could beat it is still out.
bool is_master(const CardsView& view, const std::string& card) {
    for (int r = rank(card) + 1; r < 6; r++) {
        std::string higher{RANKS[r], suit(card)};
        if (!contains(view.hand, higher) && !contains(view.played, higher)) return false;
    }
    return true;
}

// The points the hand should take as declarer: aces, tens behind them, marriages.
int estimate(const Bot& bot) {
    const CardsView& view = bot.cards;
    int catch_points = bot.hello.players == 2 ? 3 : 6;  // the others' cards a trick brings
    bool aces = std::any_of(view.hand.begin(), view.hand.end(),
                            [](const std::string& c) { return rank(c) == 5; });
    bool first_lead = bot.cards_rules.marriage_on_first_lead;
    int total = 0;
    for (char s : std::string("SCDH")) {
        if (contains(view.hand, std::string{'A', s})) {
            total += 11 + catch_points;
            if (contains(view.hand, std::string{'T', s})) total += 10 + catch_points;
        }
        if (contains(view.hand, std::string{'K', s}) && contains(view.hand, std::string{'Q', s})) {
            int worth = marriage_value(s) + 7;
            total += aces || first_lead ? worth : worth / 2;
        }
    }
    return total;
}

// How much it hurts to part with a card (give it away, or play it without winning).
int cost(const CardsView& view, const std::string& card) {
    int value = 10 * POINTS[rank(card)] + rank(card);
    if (in_marriage(view, card)) value += 1000;
    if (is_master(view, card)) value += 200;
    if (!view.trump.empty() && suit(card) == view.trump[0]) value += 150;
    return value;
}

// Whether `card` beats `best`, the card now winning the trick.
bool beats(const std::string& card, const std::string& best, const std::string& trump) {
    if (suit(card) == suit(best)) return rank(card) > rank(best);
    return !trump.empty() && suit(card) == trump[0];
}

// The index of the legal action of `type` with the least of `key`, or `fallback`.
template <typename Key>
std::size_t least(const Bot& bot, const std::string& type, Key key, std::size_t fallback) {
    std::size_t found = bot.legal.size();
    for (std::size_t i = 0; i < bot.legal.size(); i++) {
        const Action& a = bot.legal[i];
        if (a.type != type || a.marriage || a.ace_marriage) continue;
        if (found == bot.legal.size() || key(a) < key(bot.legal[found])) found = i;
    }
    return found == bot.legal.size() ? fallback : found;
}

std::size_t choose_play(const Bot& bot) {
    const CardsView& view = bot.cards;
    auto play_cost = [&](const Action& a) { return cost(view, a.card); };
    if (view.trick.empty()) {  // we lead: the aces' marriage, a marriage, a sure winner
        std::size_t best = bot.legal.size();
        for (std::size_t i = 0; i < bot.legal.size(); i++) {
            const Action& a = bot.legal[i];
            if (a.ace_marriage) return i;
            if (a.marriage && (best == bot.legal.size() ||
                               marriage_value(suit(a.card)) >
                                   marriage_value(suit(bot.legal[best].card)))) {
                best = i;
            }
        }
        if (best < bot.legal.size()) return best;
        for (std::size_t i = 0; i < bot.legal.size(); i++) {
            const std::string& card = bot.legal[i].card;
            if (!bot.legal[i].marriage && is_master(view, card) && !in_marriage(view, card)) {
                return i;
            }
        }
        return least(bot, "play", play_cost, 0);
    }
    std::string best = view.trick.front().card;  // we follow: win cheaply, or throw the cheapest
    for (const SeatCard& played : view.trick) {
        if (beats(played.card, best, view.trump)) best = played.card;
    }
    bool last = view.trick.size() == (bot.hello.players == 2 ? 1u : 2u);
    std::size_t winner = bot.legal.size();
    for (std::size_t i = 0; i < bot.legal.size(); i++) {
        const std::string& card = bot.legal[i].card;
        if (!beats(card, best, view.trump) || !(last || is_master(view, card))) continue;
        if (winner == bot.legal.size() || rank(card) < rank(bot.legal[winner].card)) winner = i;
    }
    return winner < bot.legal.size() ? winner : least(bot, "play", play_cost, 0);
}

std::size_t choose_cards(const Bot& bot) {
    const CardsView& view = bot.cards;
    int strength = estimate(bot);
    auto find = [&](const std::string& type) {
        for (std::size_t i = 0; i < bot.legal.size(); i++) {
            if (bot.legal[i].type == type) return i;
        }
        return bot.legal.size();
    };
    auto by_value = [](const Action& a) { return a.value; };
    if (view.phase == "bidding") {
        for (const char* first : {"look", "redeal"}) {  // look at the hand; a poor hand: redeal
            if (find(first) < bot.legal.size()) return find(first);
        }
        std::size_t bid = least(bot, "bid", by_value, bot.legal.size());
        if (bid < bot.legal.size() && bot.legal[bid].value <= strength + 15) return bid;
        return find("pass") < bot.legal.size() ? find("pass") : 0;
    }
    if (view.phase == "contract") {  // the highest contract the hand covers with a margin
        auto too_high = [&](const Action& a) { return a.value > strength - 10 ? 0 : -a.value; };
        std::size_t lowest = least(bot, "contract", by_value, 0);
        std::size_t safe = least(bot, "contract", too_high, lowest);
        return bot.legal[safe].value <= strength - 10 ? safe : lowest;
    }
    if (view.phase == "talon") {  // the cheapest card, to the opponent with the lower score
        auto give_cost = [&](const Action& a) {
            int behind = a.to >= 0 && a.to < static_cast<int>(view.scores.size())
                             ? view.scores[a.to] : 0;
            return std::make_pair(cost(view, a.card), behind);
        };
        std::size_t discard = least(bot, "discard", give_cost, bot.legal.size());
        return discard < bot.legal.size() ? discard : least(bot, "give", give_cost, 0);
    }
    if (view.phase == "play") return choose_play(bot);
    return 0;  // anything else (2 players: which talon to take)
}

}  // namespace

// ---------------------------------------------------------------------- YOUR STRATEGY HERE --

// The index of the legal action to send back. The game's view is bot.dice or bot.cards, your
// seat bot.seat, the rules bot.dice_rules or bot.cards_rules.
std::size_t choose(const Bot& bot) {
    if (bot.legal.size() == 1) return 0;  // a forced move: still answered
    std::size_t chosen = bot.hello.game == "dice" ? choose_dice(bot) : choose_cards(bot);
    return chosen < bot.legal.size() ? chosen : 0;
}
