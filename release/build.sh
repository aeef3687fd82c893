#!/bin/sh
# Builds a release of CourtRush (SPEC §23) into target/release/<version>/:
#
#   courtrush-server-<version>.tar.gz          the server distribution (docs/deployment.md)
#   courtrush-console-<version>-linux.tar.gz   the console's app-image, with its own Java runtime (installer/)
#   courtrush-<version>-sbom.cdx.json          the CycloneDX bill of materials of what both ship
#   SHA256SUMS                                 their SHA-256 sums: `sha256sum -c SHA256SUMS` verifies them
#
#   release/build.sh              builds first (tests skipped: run ./mvnw -B verify before a release)
#   release/build.sh --no-build   collects what the last build made (CI: after the tests' own build)
#
# The version is the parent pom's revision, as the built server says it (--version). Needs JDK 17, sha256sum, tar.
set -eu

cd "$(dirname "$0")/.."
if [ "${1:-}" != "--no-build" ]; then
  ./mvnw -B -q -DskipTests -Dspotless.check.skip=true -Prelease package
else
  # the SBOM alone, from the modules the last build installed
  ./mvnw -B -q -Prelease org.cyclonedx:cyclonedx-maven-plugin:makeAggregateBom@sbom
fi

VERSION=$(java -jar app-core/target/app-core.jar --version | sed -n 's/^CourtRush \([^ ]*\) .*/\1/p')
if [ -z "$VERSION" ]; then
  echo "release: the built server did not say its version" >&2
  exit 1
fi
OUT="target/release/$VERSION"
rm -rf "$OUT"
mkdir -p "$OUT"

cp "app-core/target/courtrush-server-$VERSION.tar.gz" "$OUT/"
tar -C installer/target/dist -czf "$OUT/courtrush-console-$VERSION-linux.tar.gz" CourtRush
cp target/courtrush-sbom.cdx.json "$OUT/courtrush-$VERSION-sbom.cdx.json"
(cd "$OUT" && sha256sum -- *.tar.gz *.json > SHA256SUMS)

echo "CourtRush $VERSION released into $OUT:"
(cd "$OUT" && cat SHA256SUMS)
