"""The suite's profiles: how many rounds, how long a sample, which cases get extra care."""

from dataclasses import dataclass

# The quick and standard profiles time only the decode of this tens-of-MiB document:
# its encode and round trip rebuild 31 MB of objects for every sample.
DECODE_ONLY = "packages"

# The standard profile's rounds, nine in every language's suite: the fewest whose 95%
# interval of the median leaves out the extreme rounds (docs/methodology.md, Confidence
# intervals, says what a tenth bought and an eighth cost).
STANDARD_ROUNDS = 9


@dataclass(frozen=True)
class Profile:
    rounds: int  # samples per case, one per round
    min_time: float  # seconds: a sample's loop lasts at least this long
    repeat: int  # loops per sample, a pass over the round apart; the runner keeps the fastest
    repeat_below: float  # seconds per call: only faster calls get `repeat` loops, others one
    traced_below: float  # seconds per call: faster calls get the allocation pass
    warmup_below: float  # seconds per call: faster calls get a warmup call before each sample
    every_document_op: bool = False  # False: only decode of DECODE_ONLY
    # Seconds: in a comparison timed by one loop a round (see repeat_below), a loop lasts at
    # least this long (0: min_time), so a slow call's sample averages several calls.
    one_loop_min_time: float = 0.0
    # A unit's rounds are split over this many worker processes, started one after another
    # with every other group's in between (pyperf spreads its runs over processes alike):
    # one process's memory layout, or a phase of the host's load, then weighs on some of a
    # case's rounds only, and the median over the rounds averages it out.
    processes: int = 1


PROFILES = {
    "quick": Profile(
        rounds=3, min_time=0.001, repeat=1, repeat_below=0, traced_below=0.02, warmup_below=0.02
    ),
    # A comparison with a call of 2 ms or more is timed by one loop per sample: three
    # loops of such calls tripled the profile's cost for little, as a round's loops
    # agreed within a few percent while the rounds spread far more (host phases longer
    # than a sample). Two measured dead ends, both on the repeatability benchmark's 120
    # Python cases, runs of the same code interleaved, agreement of the times within ±5%:
    # three loops up to 20 ms, 58% against 59% (two pairs each); five processes of two
    # rounds, 73% against 72% (four runs each, every pair), at 30-60% more time. Here the
    # host, not the harness, moves the slow calls: a fixed integer loop's CPU time is
    # bimodal (fast, or about 1.6x slower; fast in 1% to 24% of 1 ms samples from one 5 s
    # window to the next), so a call of a few ms is rarely timed wholly in a fast phase.
    # What did help those comparisons: loops of at least 20 ms (a call of 2-20 ms timed
    # 2-10 times over, averaged, as pyperf's loops of at least 100 ms do), so one sample
    # covers more of the host's phases. Python-only repeatability pairs, interleaved three
    # and three: cases of 2-20 ms a call within ±5% in 88% (83 of 94) against 80% (74 of
    # 93) with one call a loop, every case 93.4% against 92.0% on average, each run about
    # 7% longer. Nine rounds, as in every suite: see STANDARD_ROUNDS. Eighteen did not make
    # the fastest round of the large cases repeat: interleaved two and two, 81.5% and 79.8%
    # of the cases within ±5% against 46.2% and 80.7% with nine (those of 256 KiB or more
    # 57% and 60% against 30% and 68%), each run about 1.5x longer; a large case's fastest
    # round moves with the minutes it was timed in, not with how many rounds found it.
    "standard": Profile(
        rounds=STANDARD_ROUNDS,
        min_time=0.002,
        repeat=3,
        repeat_below=0.002,
        traced_below=0.02,
        warmup_below=0.005,
        processes=2,
        one_loop_min_time=0.02,
    ),
    "full": Profile(
        rounds=30,
        min_time=0.01,
        repeat=3,
        repeat_below=1.0,
        traced_below=1.0,
        warmup_below=1.0,
        every_document_op=True,
    ),
}
