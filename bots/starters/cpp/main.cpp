// A starter bot in C++ for both games of protocol.md: one JSON object a line on stdin, one
// answer a line on stdout (flushed), logging on stderr. The strategy lives in strategy.cpp.
//
// Build: c++ -std=c++17 -O2 -o bot main.cpp strategy.cpp   (Debian: nlohmann-json3-dev)
// Check: thousand bots check ./bot
#include <iostream>
#include <string>

#include "protocol.hpp"
#include "strategy.hpp"

namespace {

// One message, one line, flushed at once: the referee's clock runs until it arrives.
void send(const json& message) { std::cout << message.dump() << std::endl; }

}  // namespace

int main() {
    std::ios::sync_with_stdio(false);
    Bot bot;
    std::string line;
    while (std::getline(std::cin, line)) {
        json message = json::parse(line, nullptr, /*allow_exceptions=*/false);
        if (!message.is_object()) continue;  // not a message: ignored
        std::string type = message.value("type", "");
        if (type == "hello") {
            bot.hello = message.get<Hello>();
            if (bot.hello.game != "dice" && bot.hello.game != "cards") {
                std::cerr << "starter-cpp: a game this bot does not know\n";
                return 0;  // leaving before our hello: the referee records why
            }
            if (bot.hello.game == "dice") bot.dice_rules = bot.hello.rules.get<DiceRules>();
            if (bot.hello.game == "cards") bot.cards_rules = bot.hello.rules.get<CardsRules>();
            // This bot reads each request's view, so it asks the referee to leave out events.
            send({{"type", "hello"}, {"name", "starter-cpp"}, {"version", "1.0"},
                  {"protocol", 1}, {"omit", {"events"}}});
        } else if (type == "game_start") {
            bot.seat = message.get<GameStart>().seat;
        } else if (type == "request") {
            auto request = message.get<Request>();
            if (request.legal.empty()) continue;
            if (bot.hello.game == "dice") bot.dice = request.view.get<DiceView>();
            if (bot.hello.game == "cards") bot.cards = request.view.get<CardsView>();
            bot.legal = std::move(request.legal);
            // The chosen legal action goes back exactly as it came, unknown keys included.
            send({{"type", "action"}, {"id", request.id}, {"action", bot.legal[choose(bot)].raw}});
        } else if (type == "bye") {
            return 0;
        }  // game_end, and any type added later: nothing to answer
    }
    return 0;
}
