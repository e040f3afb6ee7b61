package starter;

import com.google.gson.JsonObject;
import com.google.gson.annotations.SerializedName;
import java.util.List;

/**
 * The messages of protocol.md that this bot reads and writes, as records Gson fills. Only the
 * fields the strategy uses are declared: Gson ignores every other key, as the protocol asks,
 * and a key that is absent leaves its field null (or 0, false). schema-fields.json lists these
 * {@code @SerializedName}s for the drift test (tests/starters): keep it in step when you add one.
 */
final class Protocol {
    private Protocol() {}

    /** Read first from every line, to know which message it is (Gson skips the rest). */
    record Envelope(@SerializedName("type") String type) {}

    /** The referee's first message: the game, the table's size and every rule. */
    record Hello(
            @SerializedName("game") String game,
            @SerializedName("players") int players,
            @SerializedName("rules") JsonObject rules) {}

    /** The dice rules the strategy reads (all of them: docs/rules-dice.md). */
    record DiceRules(@SerializedName("goal") int goal) {}

    /** The card rules the strategy reads (all of them: docs/rules-cards.md). */
    record CardsRules(@SerializedName("marriage_on_first_lead") boolean marriageOnFirstLead) {}

    /** Which seat the bot plays in the game that starts. */
    record GameStart(@SerializedName("seat") int seat) {}

    /** One decision in a dice game. The legal actions stay JSON: the chosen one goes back
     * unchanged, keys this bot does not know included. */
    record DiceRequest(
            @SerializedName("id") long id,
            @SerializedName("view") DiceView view,
            @SerializedName("legal") List<JsonObject> legal) {}

    /** One decision in a card game, as DiceRequest. */
    record CardsRequest(
            @SerializedName("id") long id,
            @SerializedName("view") CardsView view,
            @SerializedName("legal") List<JsonObject> legal) {}

    /** One legal action, typed (the fields of both games; the other game's stay null). */
    record Action(
            @SerializedName("type") String type,
            @SerializedName("value") Integer value,
            @SerializedName("card") String card,
            @SerializedName("to") Integer to,
            @SerializedName("keep") List<Integer> keep,
            @SerializedName("marriage") boolean marriage,
            @SerializedName("ace_marriage") boolean aceMarriage) {}

    /** What the seat knows of a dice game (docs/rules-dice.md, "The view"). */
    record DiceView(
            @SerializedName("scores") List<Integer> scores,
            @SerializedName("turn_total") int turnTotal,
            @SerializedName("dice_left") int diceLeft) {}

    /** What the seat knows of a card game (docs/rules-cards.md, "The view"). */
    record CardsView(
            @SerializedName("phase") String phase,
            @SerializedName("hand") List<String> hand,
            @SerializedName("scores") List<Integer> scores,
            @SerializedName("trump") String trump,
            @SerializedName("trick") List<SeatCard> trick,
            @SerializedName("played") List<String> played) {}

    /** A card played to the trick on the table, and by whom. */
    record SeatCard(@SerializedName("seat") int seat, @SerializedName("card") String card) {}

    /** The bot's answer to hello; omit: this bot reads the view, so requests leave out events. */
    record BotHello(
            @SerializedName("type") String type,
            @SerializedName("name") String name,
            @SerializedName("protocol") int protocol,
            @SerializedName("omit") List<String> omit) {}

    /** The answer to a request: its id, and one of its legal actions as it came. */
    record BotAction(
            @SerializedName("type") String type,
            @SerializedName("id") long id,
            @SerializedName("action") JsonObject action) {}
}
