// For the child processes tests start straight from the TypeScript sources (Node strips the
// types): maps the sources' `.js` imports to their `.ts` files. Imported first by each child;
// the child's own imports of the sources come after, as dynamic imports.
import { existsSync } from "node:fs";
import { registerHooks } from "node:module";
import { fileURLToPath } from "node:url";

registerHooks({
  resolve(specifier, context, next) {
    if (specifier.startsWith(".") && specifier.endsWith(".js") && context.parentURL) {
      const url = new URL(specifier, context.parentURL);
      const ts = new URL(url.href.replace(/\.js$/, ".ts"));
      if (!existsSync(fileURLToPath(url)) && existsSync(fileURLToPath(ts))) {
        return next(ts.href, context);
      }
    }
    return next(specifier, context);
  },
});
