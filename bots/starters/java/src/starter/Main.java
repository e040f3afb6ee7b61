package starter;

import com.google.gson.Gson;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import starter.Protocol.BotAction;
import starter.Protocol.BotHello;
import starter.Protocol.CardsRules;
import starter.Protocol.CardsView;
import starter.Protocol.DiceRules;
import starter.Protocol.DiceView;
import starter.Protocol.GameStart;
import starter.Protocol.Hello;
import starter.Protocol.Request;

/**
 * A starter bot in Java for both games of protocol.md: one JSON object a line on stdin, one
 * answer a line on stdout (flushed), logging on stderr. The strategy lives in Strategy.java.
 *
 * <p>Build: see bot.toml (javac with Debian's Gson, /usr/share/java/gson.jar; then a jar).
 * Check: thousand bots check "java -jar bot.jar"
 */
public final class Main {
    private static final Gson GSON = new Gson();
    private final BufferedWriter out =
            new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8));
    private final Strategy.Bot bot = new Strategy.Bot();

    /** One message, one line, flushed at once: the referee's clock runs until it arrives. */
    private void send(Object message) throws IOException {
        out.write(GSON.toJson(message));
        out.write('\n');
        out.flush();
    }

    /** Keeps the game and its rules, and answers; false: a game this bot does not play. */
    private boolean hello(JsonObject message) throws IOException {
        Hello hello = GSON.fromJson(message, Hello.class);
        switch (String.valueOf(hello.game())) {
            case "dice" -> bot.diceRules = GSON.fromJson(hello.rules(), DiceRules.class);
            case "cards" -> bot.cardsRules = GSON.fromJson(hello.rules(), CardsRules.class);
            default -> {
                System.err.println("starter-java: a game this bot does not know: " + hello.game());
                return false; // leaving before our hello: the referee records why
            }
        }
        bot.game = hello.game();
        bot.players = hello.players();
        send(new BotHello("hello", "starter-java", 1, List.of("events")));
        return true;
    }

    /** Reads one request into the bot's state and sends the chosen legal action back. */
    private void answer(JsonObject message) throws IOException {
        Request request = GSON.fromJson(message, Request.class);
        if (request.legal() == null || request.legal().isEmpty()) {
            return;
        }
        if (bot.game.equals("dice")) {
            bot.dice = GSON.fromJson(request.view(), DiceView.class);
        } else {
            bot.cards = GSON.fromJson(request.view(), CardsView.class);
        }
        bot.legal = request.legal().stream()
                .map(action -> GSON.fromJson(action, Protocol.Action.class))
                .toList();
        int chosen = Strategy.choose(bot);
        if (chosen < 0 || chosen >= request.legal().size()) {
            chosen = 0;
        }
        send(new BotAction("action", request.id(), request.legal().get(chosen)));
    }

    private void run() throws IOException {
        BufferedReader in =
                new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            // Parsed once into a tree; the tree is then read into the records of Protocol.java.
            JsonObject message;
            try {
                JsonElement parsed = JsonParser.parseString(line);
                if (!parsed.isJsonObject()) {
                    continue;
                }
                message = parsed.getAsJsonObject();
            } catch (JsonParseException error) {
                System.err.println("starter-java: a line not understood: " + error.getMessage());
                continue;
            }
            JsonElement type = message.get("type");
            if (type == null || !type.isJsonPrimitive()) {
                continue;
            }
            switch (type.getAsString()) {
                case "hello" -> {
                    if (!hello(message)) {
                        return;
                    }
                }
                case "game_start" -> bot.seat = GSON.fromJson(message, GameStart.class).seat();
                case "request" -> answer(message);
                case "bye" -> {
                    return;
                }
                default -> {} // game_end, and any type added later: nothing to answer
            }
        }
    }

    public static void main(String[] args) throws IOException {
        new Main().run();
    }
}
