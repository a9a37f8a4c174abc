import { AsyncLocalStorage } from "node:async_hooks";

// better-auth sends the sign-up verification mail in a hook whose failure it only logs, so the
// sign-up answered 200 although no mail went out. A route that must tell the user runs the auth
// call inside `watchMailFailures`; the mailer notes each failure in the scope of the request
// that caused it (AsyncLocalStorage follows the awaits into better-auth and back).

const scopes = new AsyncLocalStorage<{ failure: unknown }>();

/** Notes a failed send in the scope of the request that sent it (none: nothing to tell). */
export function noteMailFailure(error: unknown): void {
  const scope = scopes.getStore();
  if (scope && scope.failure === undefined) scope.failure = error ?? new Error("mail failed");
}

/**
 * Runs `run` and answers its result with the first mail failure noted during it (`undefined`
 * when every mail went out), even one the code in between caught and only logged.
 */
export async function watchMailFailures<T>(
  run: () => Promise<T>,
): Promise<{ result: T; mailFailure: unknown }> {
  const scope: { failure: unknown } = { failure: undefined };
  const result = await scopes.run(scope, run);
  return { result, mailFailure: scope.failure };
}
