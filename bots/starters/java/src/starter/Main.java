package starter;

import com.google.gson.Gson;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import starter.Protocol.BotAction;
import starter.Protocol.BotHello;
import starter.Protocol.CardsRequest;
import starter.Protocol.CardsRules;
import starter.Protocol.DiceRequest;
import starter.Protocol.DiceRules;
import starter.Protocol.Envelope;
import starter.Protocol.GameStart;
import starter.Protocol.Hello;

/**
 * A starter bot in Java for both games of protocol.md: one JSON object a line on stdin, one
 * answer a line on stdout (flushed), logging on stderr. The strategy lives in Strategy.java.
 *
 * <p>Build: sh build.sh (javac with Debian's Gson, /usr/share/java/gson.jar; then ./bot, an
 * executable jar). Check: thousand bots check ./bot
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
    private boolean hello(String line) throws IOException {
        Hello hello = GSON.fromJson(line, Hello.class);
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

    /** Reads one request, its view typed for the match's game, and sends the chosen legal
     * action back unchanged. */
    private void answer(String line) throws IOException {
        long id;
        List<JsonObject> legal;
        if (bot.game.equals("dice")) {
            DiceRequest request = GSON.fromJson(line, DiceRequest.class);
            id = request.id();
            legal = request.legal();
            bot.dice = request.view();
        } else {
            CardsRequest request = GSON.fromJson(line, CardsRequest.class);
            id = request.id();
            legal = request.legal();
            bot.cards = request.view();
        }
        if (legal == null || legal.isEmpty()) {
            return;
        }
        bot.legal = legal.stream().map(action -> GSON.fromJson(action, Protocol.Action.class)).toList();
        int chosen = Strategy.choose(bot);
        if (chosen < 0 || chosen >= legal.size()) {
            chosen = 0;
        }
        send(new BotAction("action", id, legal.get(chosen)));
    }

    private void run() throws IOException {
        BufferedReader in =
                new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            Envelope envelope;
            try {
                envelope = GSON.fromJson(line, Envelope.class);
            } catch (JsonParseException error) {
                System.err.println("starter-java: a line not understood: " + error.getMessage());
                continue;
            }
            if (envelope == null || envelope.type() == null) {
                continue;
            }
            switch (envelope.type()) {
                case "hello" -> {
                    if (!hello(line)) {
                        return;
                    }
                }
                case "game_start" -> bot.seat = GSON.fromJson(line, GameStart.class).seat();
                case "request" -> answer(line);
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
