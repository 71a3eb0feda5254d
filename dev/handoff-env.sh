# dev/handoff-env.sh — sourced by dev/handoff-check and dev/handoff-bench (not run on its own): what both need to
# start the Java hand-off writer from Python. Defines, from the repository root:
#   handoff_java       prints a JDK 25+ java ($GVL_JAVA, else the first under /usr/lib/jvm); status 1 if none
#   handoff_classpath  builds gvl-handoff (the slot ring) and gvl-arrow (C Data) and prints their runtime class path
#                      (argument: a scratch directory)
#   handoff_jvm_flags  prints the JVM flags every gvl JVM gets (the parent POM's gvl.jvm.flags)

handoff_java() {
  if [ -n "${GVL_JAVA:-}" ]; then echo "$GVL_JAVA"; return 0; fi
  local c v
  for c in /usr/lib/jvm/*/bin/java; do
    v="$("$c" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java\.specification\.version = \([0-9]*\).*/\1/p')"
    if [ -n "$v" ] && [ "$v" -ge 25 ]; then echo "$c"; return 0; fi
  done
  return 1
}

handoff_classpath() {
  local m jars="" deps=""
  mvn -B -ntp -q -pl gvl-handoff,gvl-arrow -am package dependency:build-classpath -DskipTests \
    -Dmaven.javadoc.skip=true -Dmaven.source.skip=true -Dmdep.includeScope=runtime \
    -Dmdep.outputFile=target/runtime-classpath.txt >&2 || return 1
  for m in gvl-handoff gvl-arrow; do
    jars="$jars$(ls "$PWD/$m/target/$m"-*.jar | grep -v -- '-sources\|-javadoc' | head -n1):"
    deps="$deps$(cat "$m/target/runtime-classpath.txt"):"
  done
  # Each jar once: a jar on the class path twice makes Arrow's allocator lookup warn.
  echo "$jars${deps%:}" | tr ':' '\n' | awk 'NF && !seen[$0]++' | paste -sd: -
}

handoff_jvm_flags() {
  local flags
  flags="$(sed -n 's:.*<gvl.jvm.flags>\(.*\)</gvl.jvm.flags>.*:\1:p' pom.xml)"
  [ -n "$flags" ] || { echo "no gvl.jvm.flags in pom.xml" >&2; return 1; }
  echo "$flags"
}
