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
  const sudo = process.getuid?.() === 0 ? [] : ["sudo"];
  const run = (args) => {
    const [cmd, ...rest] = [...sudo, ...args];
    execFileSync(cmd, rest, {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
  };
  run(["apt-get", "update", "-qq"]);
  run(["apt-get", "install", "-y", "-qq", "--no-install-recommends", ...missing]);
}
