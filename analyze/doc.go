// Package analyze measures what a game designer wants to know about a
// rules file by playing it many times: the results per seat and per
// player with 95% intervals, the first seat's advantage, how long games
// last, how many choices a player has over the course of a game, how games
// end, the margins of scored games, and the time spent, and whether two
// rules files (a game and its variant) differ significantly.
//
// The work is split in three steps, each a plain function over plain data:
//
//   - Play plays the games of one rules file (a Subject) with the players of
//     a Setup and returns one Game record per game: its winners (seats), how
//     it ended, its length, the number of legal moves at every position, the
//     forced moves and passes, the margin and the time. Game i is
//     reproducible from the Setup alone: its random setup (if the rules
//     have one) is drawn from Seed + i / seats, its players' choices from
//     a stream of (Seed, i), and its seats are turned round by i, exactly as
//     `ruleplay match` does. Nothing depends on which other games are
//     played, by which thread, or in which order.
//   - A Part holds the records of a Shard (the games whose index is I mod
//     N) of every subject, with the Setup; Merge joins the parts of every
//     shard, checking that they belong to one analysis and cover every game
//     once. Because records depend only on their index, merging the N
//     shards of a study gives the records of the unsharded run, and so the
//     same Report (the timing fields aside).
//   - Summarize turns records into a Report (JSON-ready); WriteText,
//     WriteHTML and WriteMarkdown render it, with SVG plots drawn by this
//     package (Plots: the length histogram, the legal moves by ply, the
//     scores with their intervals) in plain SVG, with no outside files.
//
// Statistics: scores count a win 1, a draw 1/n between n players, a win
// shared by k players 1/k; intervals are Wilson score intervals on the
// points; a difference between two files is tested with a two-sided
// z-test (two proportions for scores and draw rates, Welch's statistic
// under a normal approximation for means), reported with its p-value and
// called significant below 0.05.
package analyze
