package starter;

import java.util.Comparator;
import java.util.List;
import java.util.function.Predicate;
import starter.Protocol.Action;
import starter.Protocol.CardsRules;
import starter.Protocol.CardsView;
import starter.Protocol.DiceRules;
import starter.Protocol.DiceView;
import starter.Protocol.SeatCard;

/**
 * The strategy: which of the request's legal actions to send. {@link #choose} at the end is the
 * one method to change; the rest is the example strategy it calls (the dice: keep every scoring
 * die, stop once the turn total reaches a threshold; the cards: bots/card_bot.py's preferences,
 * simplified). It returns an index into the legal actions, so every move is legal.
 */
final class Strategy {
    private Strategy() {}

    /** Everything the bot knows: kept from hello and game_start, refreshed by every request. */
    static final class Bot {
        String game = ""; // "dice" or "cards"
        int players;
        DiceRules diceRules = new DiceRules(0);
        CardsRules cardsRules = new CardsRules(false);
        int seat;
        DiceView dice; // the latest view, in a dice game
        CardsView cards; // the latest view, in a card game
        List<Action> legal = List.of(); // the request's legal actions, in its order
    }

    // ------------------------------------------------------------------------------ dice --

    /** With n dice to throw next, stop once the turn total is at least THRESHOLD[n] (the
     * thresholds bots/dice_bot.py works out for the classic rules). */
    private static final int[] THRESHOLD = {0, 0, 0, 5, 65, 325};

    private static int kept(Action action) {
        return action.keep() == null ? 0 : action.keep().size();
    }

    private static int chooseDice(Bot bot) {
        DiceView view = bot.dice;
        int bestKeep = bot.legal.stream().mapToInt(Strategy::kept).max().orElse(0);
        int dice = view.diceLeft() - bestKeep; // keep every scoring die
        if (dice <= 0 || dice > 5) {
            dice = 5; // hot dice: all five come back
        }
        int score = bot.seat < view.scores().size() ? view.scores().get(bot.seat) : 0;
        boolean wins = score + view.turnTotal() >= bot.diceRules.goal();
        String want = wins || view.turnTotal() >= THRESHOLD[dice] ? "stop" : "roll";
        int fallback = 0;
        for (int i = 0; i < bot.legal.size(); i++) {
            Action action = bot.legal.get(i);
            if (kept(action) != bestKeep) {
                continue;
            }
            if (action.type().equals(want)) {
                return i;
            }
            fallback = i;
        }
        return fallback; // "stop" is not offered below the opening: roll
    }

    // ----------------------------------------------------------------------------- cards --

    private static final String RANKS = "9JQKTA"; // low to high; T is the ten
    private static final int[] POINTS = {0, 2, 3, 4, 10, 11};

    private static int rank(String card) {
        return card == null || card.isEmpty() ? 0 : Math.max(RANKS.indexOf(card.charAt(0)), 0);
    }

    private static char suit(String card) {
        return card != null && card.length() == 2 ? card.charAt(1) : '?';
    }

    private static int marriageValue(char suit) {
        return switch (suit) {
            case 'S' -> 40;
            case 'C' -> 60;
            case 'D' -> 80;
            default -> 100;
        };
    }

    private static boolean holds(List<String> cards, char rank, char suit) {
        return cards.contains("" + rank + suit);
    }

    /** A king or queen whose partner is still in the hand: worth keeping. */
    private static boolean inMarriage(CardsView view, String card) {
        if (card.startsWith("K")) {
            return holds(view.hand(), 'Q', suit(card));
        }
        return card.startsWith("Q") && holds(view.hand(), 'K', suit(card));
    }

    /** No card of the suit that could beat it is still out. */
    private static boolean isMaster(CardsView view, String card) {
        for (char higher : RANKS.substring(rank(card) + 1).toCharArray()) {
            if (!holds(view.hand(), higher, suit(card)) && !holds(view.played(), higher, suit(card))) {
                return false;
            }
        }
        return true;
    }

    private static boolean isTrump(CardsView view, String card) {
        return view.trump() != null && !view.trump().isEmpty() && view.trump().charAt(0) == suit(card);
    }

    /** The points the hand should take as declarer: aces, tens behind them, marriages. */
    private static int estimate(Bot bot) {
        List<String> hand = bot.cards.hand();
        int catchPoints = bot.players == 2 ? 3 : 6; // the others' cards a won trick brings in
        boolean aces = hand.stream().anyMatch(card -> card.startsWith("A"));
        int total = 0;
        for (char s : "SCDH".toCharArray()) {
            if (holds(hand, 'A', s)) {
                total += 11 + catchPoints;
                if (holds(hand, 'T', s)) {
                    total += 10 + catchPoints;
                }
            }
            if (holds(hand, 'K', s) && holds(hand, 'Q', s)) {
                int worth = marriageValue(s) + 7;
                // To declare it we must first win a lead: an ace helps.
                total += aces || bot.cardsRules.marriageOnFirstLead() ? worth : worth / 2;
            }
        }
        return total;
    }

    /** How much it hurts to part with a card (give it away, or play it without winning). */
    private static int cost(CardsView view, String card) {
        int value = 10 * POINTS[rank(card)] + rank(card);
        if (inMarriage(view, card)) {
            value += 1000;
        }
        if (isMaster(view, card)) {
            value += 200;
        }
        if (isTrump(view, card)) {
            value += 150;
        }
        return value;
    }

    /** Whether card beats best, the card now winning the trick. */
    private static boolean beats(CardsView view, String card, String best) {
        if (suit(card) == suit(best)) {
            return rank(card) > rank(best);
        }
        return isTrump(view, card);
    }

    private static boolean plain(Action action, String kind) {
        return action.type().equals(kind) && !action.marriage() && !action.aceMarriage();
    }

    private static int value(Action action) {
        return action.value() == null ? 0 : action.value();
    }

    /** The index of the first legal action that passes, or -1. */
    private static int find(Bot bot, Predicate<Action> passes) {
        for (int i = 0; i < bot.legal.size(); i++) {
            if (passes.test(bot.legal.get(i))) {
                return i;
            }
        }
        return -1;
    }

    /** The index of the least legal action that passes, or -1. */
    private static int least(Bot bot, Predicate<Action> passes, Comparator<Action> order) {
        int found = -1;
        for (int i = 0; i < bot.legal.size(); i++) {
            Action action = bot.legal.get(i);
            if (passes.test(action) && (found < 0 || order.compare(action, bot.legal.get(found)) < 0)) {
                found = i;
            }
        }
        return found;
    }

    /** The first of the indexes that is not -1 (an action that was found), else 0. */
    private static int firstOf(int... found) {
        for (int i : found) {
            if (i >= 0) {
                return i;
            }
        }
        return 0;
    }

    private static int choosePlay(Bot bot) {
        CardsView view = bot.cards;
        Comparator<Action> cheaper = Comparator.comparingInt(a -> cost(view, a.card()));
        int cheapest = least(bot, a -> plain(a, "play"), cheaper);
        if (view.trick().isEmpty()) {
            // We lead: the aces' marriage, the best marriage, a sure winner, else the cheapest.
            int aceMarriage = find(bot, Action::aceMarriage);
            int marriage = least(bot, Action::marriage,
                    Comparator.comparingInt(a -> -marriageValue(suit(a.card()))));
            int sure = find(bot, a -> plain(a, "play") && isMaster(view, a.card())
                    && !inMarriage(view, a.card()));
            return firstOf(aceMarriage, marriage, sure, cheapest);
        }
        // We follow: win as cheaply as we can with a card nobody behind can beat, else throw.
        String best = view.trick().get(0).card();
        for (SeatCard played : view.trick()) {
            if (beats(view, played.card(), best)) {
                best = played.card();
            }
        }
        String winning = best;
        boolean last = view.trick().size() == (bot.players == 2 ? 1 : 2);
        int winner = least(bot,
                a -> a.card() != null && beats(view, a.card(), winning)
                        && (last || isMaster(view, a.card())),
                Comparator.comparingInt(a -> rank(a.card())));
        return firstOf(winner, cheapest);
    }

    private static int chooseCards(Bot bot) {
        CardsView view = bot.cards;
        int strength = estimate(bot);
        Comparator<Action> lower = Comparator.comparingInt(Strategy::value);
        switch (String.valueOf(view.phase())) {
            case "bidding" -> { // look at the hand first; a poor hand: redeal; else the smallest raise
                int bid = least(bot, a -> plain(a, "bid") && value(a) <= strength + 15, lower);
                return firstOf(find(bot, a -> a.type().equals("look")),
                        find(bot, a -> a.type().equals("redeal")), bid,
                        find(bot, a -> a.type().equals("pass")));
            }
            case "contract" -> { // the highest contract the hand covers with a margin, else the lowest
                int covered = least(bot, a -> plain(a, "contract") && value(a) <= strength - 10,
                        lower.reversed());
                return firstOf(covered, least(bot, a -> plain(a, "contract"), lower));
            }
            case "talon" -> { // the cheapest card, to the opponent with the lower score
                Comparator<Action> order = Comparator.<Action>comparingInt(a -> cost(view, a.card()))
                        .thenComparingInt(a -> a.to() != null && a.to() < view.scores().size()
                                ? view.scores().get(a.to()) : 0);
                return firstOf(least(bot, a -> plain(a, "discard"), order),
                        least(bot, a -> plain(a, "give"), order));
            }
            case "play" -> {
                return choosePlay(bot);
            }
            default -> {
                return 0; // anything else (2 players: which talon to take)
            }
        }
    }

    // ------------------------------------------------------------------ YOUR STRATEGY HERE --

    /**
     * The index in {@code bot.legal} of the action to send back. The game's view is
     * {@code bot.dice} or {@code bot.cards}, your seat {@code bot.seat}.
     */
    static int choose(Bot bot) {
        if (bot.legal.size() == 1) {
            return 0; // a forced move: still answered
        }
        return bot.game.equals("dice") ? chooseDice(bot) : chooseCards(bot);
    }
}
