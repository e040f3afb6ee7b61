export interface CardsHello {
    /**
     * The game of the match.
     */
    game: CardsHelloGame;
    /**
     * Games planned (a match may stop earlier).
     */
    games: number;
    /**
     * Seats at the table.
     */
    players: number;
    /**
     * The referee's protocol.
     */
    protocol: number;
    /**
     * Every rule field with its value.
     */
    rules: CardsHelloRules;
    /**
     * The time control.
     */
    time: CardsHelloTime;
    /**
     * The match begins: answer with your hello.
     */
    type: CardsHelloType;
    [property: string]: unknown;
}

export type CardsHelloGame = "cards";

/**
 * Every rule field with its value.
 */
export interface CardsHelloRules {
    /**
     * Four aces form an ace marriage worth 200 (no trump change).
     */
    ace_marriage?: boolean;
    /**
     * The barrel at `barrel_score`; null means on for 3 and 4 players and off for 2. Off:
     * anyone may pass the target, the highest score wins.
     */
    barrel?: boolean | null;
    /**
     * Deals a sitting player gets to win before falling off.
     */
    barrel_deals?: number;
    /**
     * The fall with this number sets the score to 0 (0 = never).
     */
    barrel_falls_to_zero?: number;
    /**
     * Points lost when falling off the barrel.
     */
    barrel_penalty?: number;
    /**
     * Score at which a player sits on the barrel.
     */
    barrel_score?: number;
    /**
     * Nobody may bid above this plus the value of the marriages in their hand.
     */
    bid_limit?: number;
    /**
     * Every bid and every raise of the contract is a multiple of this.
     */
    bid_step?: number;
    /**
     * A player may bid blind before looking at their hand; a blind declarer's result is doubled
     * and the talon is not shown.
     */
    blind_bidding?: boolean;
    /**
     * A declarer who takes no trick gets a bolt too.
     */
    bolt_for_declarer?: boolean;
    /**
     * Bolts (deals without a trick) that cost a penalty; 0 = no bolts.
     */
    bolt_limit?: number;
    /**
     * Points lost when the bolts add up.
     */
    bolt_penalty?: number;
    /**
     * Only consecutive bolts count: a deal in which the player takes a trick resets the count.
     */
    bolts_in_a_row?: boolean;
    /**
     * The declarer may concede instead of playing (never while on the barrel).
     */
    concede?: boolean;
    /**
     * A conceding declarer scores -contract; false: they get a bolt instead.
     */
    concede_penalty?: boolean;
    /**
     * The first deals (one per player) are played at a forced 120 by each player in turn, all
     * scores doubled; if nobody makes it, scores go back to 0.
     */
    golden_round?: boolean;
    /**
     * A marriage may be declared before its holder has taken a trick.
     */
    marriage_on_first_lead?: boolean;
    /**
     * Absolute ceiling of any bid or contract.
     */
    max_bid?: number;
    /**
     * Hard cap on deals (redeals included), at most 10,000 so that every game ends; then rank
     * by score.
     */
    max_deals?: number;
    /**
     * Polish rule: when following suit or trumping, beat the best card so far if you can.
     */
    must_beat?: boolean;
    /**
     * Bid made for the player on the hundred (dealer's left).
     */
    opening_bid?: number;
    /**
     * Player count this table is made for: 3 (classic), 4 (the dealer sits out each deal) or 2
     * (10 cards each and two talons of 2).
     */
    players?: number;
    /**
     * Only a label: the preset's or the rules file's name.
     */
    preset: string;
    /**
     * A player may ask for a redeal at their first bidding turn with four nines or fewer than
     * `redeal_hand_points` card points, and the declarer may when the talon holds fewer than
     * `redeal_talon_points`.
     */
    redeal?: boolean;
    /**
     * A hand with fewer card points than this may ask a redeal.
     */
    redeal_hand_points?: number;
    /**
     * A talon with fewer card points than this may be redealt.
     */
    redeal_talon_points?: number;
    /**
     * The player on the hundred may also ask for a redeal holding three nines.
     */
    redeal_three_nines_on_hundred?: boolean;
    /**
     * A score of exactly 555 or -555 after a deal drops to 0.
     */
    samosval?: boolean;
    /**
     * Show the talon even when both others passed at once and the player on the hundred takes
     * it at 100.
     */
    show_talon_on_hundred?: boolean;
    /**
     * Score that wins the game.
     */
    target?: number;
    [property: string]: unknown;
}

/**
 * The time control.
 */
export interface CardsHelloTime {
    /**
     * Each game's bank at its start.
     */
    bank_ms: number;
    /**
     * wall: time as a clock on the wall; cpu: the CPU time your processes use.
     */
    clock: ClockEnum;
    /**
     * Added to the bank at every request.
     */
    per_move_ms: number;
    /**
     * Time to answer the hello.
     */
    startup_ms: number;
    [property: string]: unknown;
}

/**
 * wall: time as a clock on the wall; cpu: the CPU time your processes use.
 */
export type ClockEnum = "wall" | "cpu";

export type CardsHelloType = "hello";

export interface CardsRequest {
    /**
     * Your time for this move.
     */
    clock: CardsRequestClock;
    /**
     * Echo it in your action.
     */
    id: number;
    /**
     * Every action you may take: send one unchanged.
     */
    legal: [CardsAction, ...CardsAction[]];
    /**
     * A decision of yours: answer it.
     */
    type: CardsRequestType;
    /**
     * Left out when your hello's "omit" names "view".
     */
    view?: CardsView;
    [property: string]: unknown;
}

/**
 * Your time for this move.
 */
export interface CardsRequestClock {
    /**
     * Time you may use on this move: bank plus allowance.
     */
    left_ms: number;
    /**
     * The per-move allowance added for this request.
     */
    move_ms: number;
    [property: string]: unknown;
}

export interface CardsAction {
    /**
     * play: the ace marriage.
     */
    ace_marriage?: boolean;
    /**
     * Rank then suit: ranks 9 J Q K T A (T is the ten), suits S C D H.
     */
    card?: string;
    /**
     * take_talon (2 players).
     */
    index?: number;
    /**
     * play: lead a marriage.
     */
    marriage?: boolean;
    /**
     * A seat, numbered from 0.
     */
    to?: number;
    /**
     * The decision: docs/rules-cards.md, decision actions.
     */
    type: PurpleType;
    /**
     * bid, blind_bid, contract.
     */
    value?: number;
    [property: string]: unknown;
}

/**
 * The decision: docs/rules-cards.md, decision actions.
 */
export type PurpleType = "bid" | "pass" | "redeal" | "look" | "blind_bid" | "take_talon" | "give" | "discard" | "concede" | "contract" | "play";

export type CardsRequestType = "request";

/**
 * Left out when your hello's "omit" names "view".
 */
export interface CardsView {
    /**
     * Who sits on the barrel; null: nobody.
     */
    barrel: number | null;
    /**
     * Deals the barrel's sitter has played on it.
     */
    barrel_deals: number;
    /**
     * Your highest bid: the limit plus your marriages; null before you see your hand.
     */
    bid_limit: number | null;
    /**
     * The bidding so far, the opening bid first.
     */
    bids: SeatBid[];
    /**
     * The contract was bid blind.
     */
    blind: boolean;
    /**
     * Bolts counted. One entry per seat, by seat number.
     */
    bolts: number[];
    /**
     * The contract; null during the bidding.
     */
    contract: number | null;
    /**
     * Deals dealt, redeals included.
     */
    deal: number;
    /**
     * The dealer; null before the lot.
     */
    dealer: number | null;
    /**
     * The declarer; null during the bidding.
     */
    declarer: number | null;
    /**
     * 2 players: the declarer's own discards; null for everyone else.
     */
    discards: string[] | null;
    /**
     * Barrel falls counted. One entry per seat, by seat number.
     */
    falls: number[];
    /**
     * The game.
     */
    game: CardsHelloGame;
    /**
     * The cards the declarer passed.
     */
    given: GivenCard[];
    /**
     * A golden round's deal.
     */
    golden: boolean;
    /**
     * Your cards, sorted; [] before you look (blind).
     */
    hand: string[];
    /**
     * false: a blind bidder has not looked yet.
     */
    hand_seen: boolean;
    /**
     * Cards in each hand. One entry per seat, by seat number.
     */
    hand_sizes: number[];
    /**
     * The highest bid; null before any.
     */
    high_bid: number | null;
    /**
     * Who made it.
     */
    high_bidder: number | null;
    /**
     * The seat on the hundred (opens at 100).
     */
    hundred: number | null;
    /**
     * The previous trick of this deal.
     */
    last_trick: SeatCard[];
    /**
     * Who leads the current trick.
     */
    leader: number | null;
    /**
     * Marriages declared this deal.
     */
    marriages: DeclaredMarriage[];
    /**
     * Who has passed. One entry per seat, by seat number.
     */
    passed: boolean[];
    /**
     * What the table does now; deal: between deals (chance is next).
     */
    phase: PurplePhase;
    /**
     * Every card played this deal.
     */
    played: string[];
    /**
     * Seats at the table.
     */
    players: number;
    /**
     * Card points taken this deal. One entry per seat, by seat number.
     */
    points_taken: number[];
    /**
     * Scores. One entry per seat, by seat number.
     */
    scores: number[];
    /**
     * Your seat.
     */
    seat: number;
    /**
     * 4 players: the dealer sitting out.
     */
    sitting_out: number | null;
    /**
     * The talon when shown, or yours when you took it; else null.
     */
    talon: string[] | null;
    /**
     * 2 players: the talon chosen.
     */
    talon_index: number | null;
    /**
     * The talon was shown to everyone.
     */
    talon_shown: boolean;
    /**
     * The seat that decides now: in a request, yours.
     */
    to_move: number | null;
    /**
     * The current trick's cards so far.
     */
    trick: SeatCard[];
    /**
     * Tricks taken this deal. One entry per seat, by seat number.
     */
    tricks_won: number[];
    /**
     * The trump suit; null: none yet.
     */
    trump: null | string;
    [property: string]: unknown;
}

export interface SeatBid {
    /**
     * A blind bid.
     */
    blind: boolean;
    /**
     * A seat, numbered from 0.
     */
    seat: number;
    /**
     * null: a pass.
     */
    value: number | null;
    [property: string]: unknown;
}

export interface GivenCard {
    /**
     * null unless you gave or received it.
     */
    card: null | string;
    /**
     * Who received it.
     */
    to: number;
    [property: string]: unknown;
}

export interface SeatCard {
    /**
     * Rank then suit: ranks 9 J Q K T A (T is the ten), suits S C D H.
     */
    card: string;
    /**
     * A seat, numbered from 0.
     */
    seat: number;
    [property: string]: unknown;
}

export interface DeclaredMarriage {
    /**
     * A seat, numbered from 0.
     */
    seat: number;
    /**
     * null: the ace marriage.
     */
    suit: null | string;
    /**
     * What it scored.
     */
    value: number;
    [property: string]: unknown;
}

/**
 * What the table does now; deal: between deals (chance is next).
 */
export type PurplePhase = "lot" | "deal" | "bidding" | "choose_talon" | "talon" | "contract" | "play" | "over";

export interface BotAction {
    /**
     * One of the request's legal entries, unchanged.
     */
    action: { [key: string]: unknown };
    /**
     * The request's id: any JSON number equal to it (3 or 3.0).
     */
    id: number;
    /**
     * Your answer to a request (not read).
     */
    type: BotActionType;
    [property: string]: unknown;
}

export type BotActionType = "action";

export interface GameStart {
    /**
     * The game's number within the match, from 0.
     */
    game: number;
    /**
     * Each seat's name, as the bots announced themselves.
     */
    names: string[];
    /**
     * Seats at the table.
     */
    players: number;
    /**
     * Your seat in this game.
     */
    seat: number;
    /**
     * A game begins: forget the previous one.
     */
    type: GameStartType;
    [property: string]: unknown;
}

export type GameStartType = "game_start";

export interface DiceHello {
    /**
     * The game of the match.
     */
    game: DiceHelloGame;
    /**
     * Games planned (a match may stop earlier).
     */
    games: number;
    /**
     * Seats at the table.
     */
    players: number;
    /**
     * The referee's protocol.
     */
    protocol: number;
    /**
     * Every rule field with its value.
     */
    rules: DiceHelloRules;
    /**
     * The time control.
     */
    time: DiceHelloTime;
    /**
     * The match begins: answer with your hello.
     */
    type: CardsHelloType;
    [property: string]: unknown;
}

export type DiceHelloGame = "dice";

/**
 * Every rule field with its value.
 */
export interface DiceHelloRules {
    /**
     * 'none': first to record the goal or more wins; 'points': sit on the barrel and reach the
     * goal in one turn from it; 'open': the goal must be hit exactly.
     */
    barrel?: Barrel;
    /**
     * ('points') Own turns on the barrel, counted from the next one, before a fall (null:
     * unlimited).
     */
    barrel_attempts?: number | null;
    /**
     * ('points') Climbing sets the score to barrel_start; otherwise the score is kept (a jump
     * to the goal or beyond from below still lands on barrel_start).
     */
    barrel_clamp?: boolean;
    /**
     * Points lost by a fall from the barrel (and by too many points).
     */
    barrel_fall_penalty?: number;
    /**
     * The fall that reaches this count sets the score to 0 (null: never).
     */
    barrel_max_falls?: number | null;
    /**
     * ('points') A score at or above this puts the player on the barrel.
     */
    barrel_start?: number;
    /**
     * ('points') When another player climbs on: 'fall' = the sitter falls (a counted fall),
     * 'opening_score' = the sitter goes back to the score of its opening turn, 'none' = several
     * may sit.
     */
    barrel_usurp?: BarrelUsurp;
    /**
     * Bolts that trigger the penalty.
     */
    bolt_limit?: number;
    /**
     * Points lost when the bolt limit is reached.
     */
    bolt_penalty?: number;
    /**
     * Turns that record nothing are counted as bolts.
     */
    bolts?: boolean;
    /**
     * Only bolts in a row count: a recorded turn resets the count.
     */
    bolts_in_a_row?: boolean;
    /**
     * Bolts count while the player sits in a pit.
     */
    bolts_in_pit?: boolean;
    /**
     * Bolts count while the player is on the barrel.
     */
    bolts_on_barrel?: boolean;
    /**
     * Bolts count before the player has opened (the score may go negative).
     */
    bolts_while_unopened?: boolean;
    /**
     * The compulsory throw after hot dice confirms the turn and ends it: if it scores, the
     * whole turn total is recorded; if not, the whole turn burns.
     */
    confirm_hot_dice?: boolean;
    /**
     * When exactly 2 dice are thrown and show a double, both are scoring dice worth 0 points
     * (they can make the dice hot).
     */
    double_on_two_dice?: boolean;
    /**
     * Opening: a turn total needed (by itself) to record the first score.
     */
    entry?: number;
    /**
     * Five of a kind (2..6) scores face × this factor.
     */
    five_kind_factor?: number;
    /**
     * If set, every five of a kind (1s included) scores this flat amount instead.
     */
    five_kind_flat?: number | null;
    /**
     * Five of a kind on one throw wins the game at once.
     */
    five_of_a_kind_wins?: boolean;
    /**
     * Points of five 1s.
     */
    five_ones?: number;
    /**
     * Four of a kind (2..6) scores face × this factor (ussr: 100).
     */
    four_kind_factor?: number;
    /**
     * Points of four 1s.
     */
    four_ones?: number;
    /**
     * The score that wins.
     */
    goal?: number;
    /**
     * Points of 2-3-4-5-6 on five dice thrown (null: not a combination).
     */
    large_straight?: number | null;
    /**
     * Hard cap on rounds, at most 10,000 so that every game ends; then players are ranked by
     * score.
     */
    max_rounds?: number;
    /**
     * ('open') Points (turns that passed the goal) that cost a fall and reset.
     */
    open_points_limit?: number;
    /**
     * Each opened player overtaken by a turn (strictly below → strictly above) loses this (0:
     * no overtaking).
     */
    overtake_penalty?: number;
    /**
     * Pits as [low, high): from a score inside one, a turn must reach high.
     */
    pits?: Array<[number, number, ...number[]]>;
    /**
     * Only a label: the preset's or the rules file's name.
     */
    preset: string;
    /**
     * A score of exactly this drops to 0 (null: no samosval).
     */
    samosval?: number | null;
    /**
     * A throw whose running total puts the player on the samosval score ends the turn at once
     * with the samosval.
     */
    samosval_mid_turn?: boolean;
    /**
     * Penalties never take a score below this (null: no floor).
     */
    score_floor?: number | null;
    /**
     * 'all': every scoring die of the best partition is set aside; 'choose': the player keeps
     * whole scoring combinations of its choice (at least one).
     */
    set_aside?: SetAside;
    /**
     * Points of a single 5.
     */
    single_five?: number;
    /**
     * Points of a single 1.
     */
    single_one?: number;
    /**
     * Points of 1-2-3-4-5 on five dice thrown (null: not a combination).
     */
    small_straight?: number | null;
    /**
     * Three of a kind (2..6) scores face × this factor.
     */
    three_kind_factor?: number;
    /**
     * Points of three 1s.
     */
    three_ones?: number;
    [property: string]: unknown;
}

/**
 * 'none': first to record the goal or more wins; 'points': sit on the barrel and reach the
 * goal in one turn from it; 'open': the goal must be hit exactly.
 */
export type Barrel = "none" | "points" | "open";

/**
 * ('points') When another player climbs on: 'fall' = the sitter falls (a counted fall),
 * 'opening_score' = the sitter goes back to the score of its opening turn, 'none' = several
 * may sit.
 */
export type BarrelUsurp = "fall" | "opening_score" | "none";

/**
 * 'all': every scoring die of the best partition is set aside; 'choose': the player keeps
 * whole scoring combinations of its choice (at least one).
 */
export type SetAside = "all" | "choose";

/**
 * The time control.
 */
export interface DiceHelloTime {
    /**
     * Each game's bank at its start.
     */
    bank_ms: number;
    /**
     * wall: time as a clock on the wall; cpu: the CPU time your processes use.
     */
    clock: ClockEnum;
    /**
     * Added to the bank at every request.
     */
    per_move_ms: number;
    /**
     * Time to answer the hello.
     */
    startup_ms: number;
    [property: string]: unknown;
}

export interface DiceRequest {
    /**
     * Your time for this move.
     */
    clock: DiceRequestClock;
    /**
     * Echo it in your action.
     */
    id: number;
    /**
     * Every action you may take: send one unchanged.
     */
    legal: [DiceAction, ...DiceAction[]];
    /**
     * A decision of yours: answer it.
     */
    type: CardsRequestType;
    /**
     * Left out when your hello's "omit" names "view".
     */
    view?: DiceView;
    [property: string]: unknown;
}

/**
 * Your time for this move.
 */
export interface DiceRequestClock {
    /**
     * Time you may use on this move: bank plus allowance.
     */
    left_ms: number;
    /**
     * The per-move allowance added for this request.
     */
    move_ms: number;
    [property: string]: unknown;
}

export interface DiceAction {
    /**
     * Only with set_aside "choose": the scoring dice kept from the throw.
     */
    keep?: number[];
    /**
     * roll: throw the dice not set aside; stop: record the turn total.
     */
    type: FluffyType;
    [property: string]: unknown;
}

/**
 * roll: throw the dice not set aside; stop: record the turn total.
 */
export type FluffyType = "roll" | "stop";

/**
 * Left out when your hello's "omit" names "view".
 */
export interface DiceView {
    /**
     * Attempts used on the barrel. One entry per seat, by seat number.
     */
    barrel_attempts: number[];
    /**
     * Barrel falls counted. One entry per seat, by seat number.
     */
    barrel_falls: number[];
    /**
     * Open-barrel points. One entry per seat, by seat number.
     */
    barrel_points: number[];
    /**
     * Bolts counted. One entry per seat, by seat number.
     */
    bolts: number[];
    /**
     * The most the mover may gather (open barrel); null: no limit.
     */
    cap: number | null;
    /**
     * set_aside "choose": a keep is chosen from the throw.
     */
    choosing: boolean;
    /**
     * The next throw confirms hot dice.
     */
    confirming: boolean;
    /**
     * Dice not set aside: at a keep decision the dice just thrown; 0 after hot dice until the
     * compulsory throw brings all five back.
     */
    dice_left: number;
    /**
     * Who threw first; null before the lot.
     */
    first_player: number | null;
    /**
     * The game.
     */
    game: DiceHelloGame;
    /**
     * Hot dice: only roll is legal.
     */
    must_roll: boolean;
    /**
     * The least turn total the mover may record (opening, pit, barrel).
     */
    need: number | null;
    /**
     * Who sits on the barrel. One entry per seat, by seat number.
     */
    on_barrel: boolean[];
    /**
     * Whether each seat has opened. One entry per seat, by seat number.
     */
    opened: boolean[];
    /**
     * lot; throw (a chance throw is next); decide (roll or stop); over.
     */
    phase: FluffyPhase;
    /**
     * Seats at the table.
     */
    players: number;
    /**
     * The round, from 1.
     */
    round: number;
    /**
     * Scores. One entry per seat, by seat number.
     */
    scores: number[];
    /**
     * Your seat.
     */
    seat: number;
    /**
     * Dice set aside since the turn or hot dice began.
     */
    set_aside: number[];
    /**
     * The latest throw; null before a turn's first.
     */
    throw: number[] | null;
    /**
     * The seat that decides now: in a request, yours.
     */
    to_move: number | null;
    /**
     * Whose turn it is; null before the lot and at the end.
     */
    turn: number | null;
    /**
     * Points set aside this turn; at a keep decision, without the last throw.
     */
    turn_total: number;
    /**
     * Turns finished in the game.
     */
    turns_played: number;
    /**
     * The winner; null until there is one.
     */
    winner: number | null;
    [property: string]: unknown;
}

/**
 * lot; throw (a chance throw is next); decide (roll or stop); over.
 */
export type FluffyPhase = "lot" | "throw" | "decide" | "over";
