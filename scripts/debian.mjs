// Installs Debian packages that npm cannot provide (database server, browser, fonts), only when
// they are missing. Tests need them; a fresh machine may not have them.
import { execFileSync, spawnSync } from "node:child_process";

function isInstalled(name) {
  // biome-ignore lint/suspicious/noTemplateCurlyInString: dpkg-query format, not a JS template
  const result = spawnSync("dpkg-query", ["-W", "-f=${Status}", name], { encoding: "utf8" });
  return result.status === 0 && result.stdout.includes("install ok installed");
}

/** Installs the named packages with apt-get (as root, or through sudo) when any is missing. */
export function ensureDebianPackages(names) {
  const missing = names.filter((name) => !isInstalled(name));
  if (missing.length === 0) return;
  process.stdout.write(`[debian] installing ${missing.join(", ")}\n`);
  // sudo drops the caller's environment, so the frontend setting goes through `env` instead;
  // without it a package that asks a question (tzdata, keyboard) waits forever for an answer.
  const sudo = process.getuid?.() === 0 ? [] : ["sudo"];
  const run = (args) => {
    const [cmd, ...rest] = [...sudo, "env", "DEBIAN_FRONTEND=noninteractive", ...args];
    execFileSync(cmd, rest, { stdio: "inherit" });
  };
  run(["apt-get", "update", "-qq"]);
  run(["apt-get", "install", "-y", "-qq", "--no-install-recommends", ...missing]);
  const stillMissing = missing.filter((name) => !isInstalled(name));
  if (stillMissing.length > 0) {
    throw new Error(`apt-get did not install ${stillMissing.join(", ")}`);
  }
}
