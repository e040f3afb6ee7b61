#!/bin/sh
# The head of ./bot, an executable jar: the build appends bot.jar to this script, and java
# reads the jar from the end of the same file ("$0"). So the bot is one file, which is all a
# sandbox shows a bot started by its command line. The JVM's flags keep it within the
# referee's default limits on any machine (512 MiB of address space where there is no memory
# cgroup, as for a user who is not root; 64 threads) and keep stdout for the protocol alone:
#   MALLOC_ARENA_MAX=1     glibc would reserve 64 MiB of address space for each thread's arena
#   -Xmx128m, -XX:ReservedCodeCacheSize=32m, -XX:-UseCompressedClassPointers: smaller reserves
#   -XX:+UseSerialGC       one garbage-collector thread, however many cores the host has
#   -XX:-UsePerfData       no /tmp/hsperfdata_USER/PID file: bots in PID namespaces share a PID
#   -XX:TieredStopAtLevel=1  the quick compiler only: a ladder starts a fresh process every game,
#                          too short a life for the optimising one's CPU to pay back (measured:
#                          0.13 -> 0.04 ms of CPU a decision over 100 dice games); drop it for a
#                          long computation in one process
#   -Xlog..., -XX:+DisplayVMOutputToStderr: the JVM's own messages go to stderr, not stdout
MALLOC_ARENA_MAX=1 exec java -Xmx128m -XX:ReservedCodeCacheSize=32m -XX:-UseCompressedClassPointers \
  -XX:+UseSerialGC -XX:-UsePerfData -XX:TieredStopAtLevel=1 -Xlog:disable -Xlog:all=warning:stderr \
  -XX:+DisplayVMOutputToStderr -jar "$0" "$@"
