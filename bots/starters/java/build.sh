#!/bin/sh
# Builds ./bot: the sources into classes/, a jar whose manifest names Debian's Gson, and the jar
# behind launcher.sh. bot.toml's build line: the contest server runs it offline in its sandbox.
set -e
cd "$(dirname "$0")"
# javac and jar run in a JVM too, under the build's limits of address space: the same flags
# as the bot's (launcher.sh says why), given to their JVM with -J.
export MALLOC_ARENA_MAX=1
jvm="-J-Xmx128m -J-XX:ReservedCodeCacheSize=32m -J-XX:-UseCompressedClassPointers -J-XX:+UseSerialGC -J-XX:-UsePerfData"
javac $jvm -encoding UTF-8 -cp /usr/share/java/gson.jar -d classes src/starter/*.java
jar $jvm --create --file bot.jar --manifest MANIFEST.MF -C classes .
cat launcher.sh bot.jar > bot
chmod +x bot
