// Write the fingerprint of what the extension is built from into the built
// folder (node stamp.mjs, run by `npm run build` after the build), so that a
// check without npm can tell a stale build (tests/test_labextension.py works
// it out the same way): SHA-256 over each input's path and bytes, sorted by
// path, each followed by a NUL byte.

import { createHash } from "node:crypto";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const here = fileURLToPath(new URL(".", import.meta.url));
const inputs = [
  ...readdirSync(`${here}src`).filter((name) => name.endsWith(".js")).map((name) => `src/${name}`),
  "package.json",
  "package-lock.json",
  "stamp.mjs",
].sort();
const hash = createHash("sha256");
for (const path of inputs) {
  hash.update(path);
  hash.update("\0");
  hash.update(readFileSync(`${here}${path}`));
  hash.update("\0");
}
writeFileSync(`${here}playbook-games/sources.sha256`, `${hash.digest("hex")}\n`);
