import { AppError, ErrorCode } from "@mnemo/domain";
import type { Executor } from "./database.js";

// Operations made idempotent by a client's opId where no row of their own holds it (reviews and
// completions keep theirs in their rows): priority changes, memo and folder edits, moves,
// deletes and reorders. Both the memo and the folder routes use it, so it lives below them.

/** Records an applied operation unless its opId is known; true when this call recorded it. */
export async function insertAppliedOp(
  db: Executor,
  userId: string,
  op: { opId: string; kind: string; targetId: string; appliedAt: number },
): Promise<boolean> {
  const inserted = await db
    .insertInto("applied_ops")
    .values({
      user_id: userId,
      op_id: op.opId,
      kind: op.kind,
      target_id: op.targetId,
      applied_at: op.appliedAt,
    })
    .onConflict((oc) => oc.columns(["user_id", "op_id"]).doNothing())
    .returning("op_id")
    .executeTakeFirst();
  return inserted !== undefined;
}

/** What an applied opId was used for, or undefined. */
export async function selectAppliedOp(
  db: Executor,
  userId: string,
  opId: string,
): Promise<{ kind: string; targetId: string } | undefined> {
  const row = await db
    .selectFrom("applied_ops")
    .select(["kind", "target_id"])
    .where("user_id", "=", userId)
    .where("op_id", "=", opId)
    .executeTakeFirst();
  return row && { kind: row.kind, targetId: row.target_id };
}

/** What recording an opId found: its first use, a replay of the same operation, or a misuse. */
export type OpUse = "first" | "replay" | "conflict";

/**
 * Records an operation's opId: "first" when this call recorded it, "replay" when the same kind of
 * operation on the same target recorded it before, "conflict" when the opId was used for
 * another operation or target. Inside the operation's transaction, so a failed operation leaves
 * its opId unused.
 */
export async function recordOp(
  db: Executor,
  userId: string,
  op: { opId: string; kind: string; targetId: string; appliedAt: number },
): Promise<OpUse> {
  if (await insertAppliedOp(db, userId, op)) return "first";
  const known = await selectAppliedOp(db, userId, op.opId);
  return known?.kind === op.kind && known.targetId === op.targetId ? "replay" : "conflict";
}

/** The error of an opId used for another operation or target. */
export function opIdConflict(opId: string): AppError {
  return new AppError(ErrorCode.OP_ID_CONFLICT, `opId ${opId} was used for another operation`);
}

/**
 * Records an operation's opId (none: the operation is applied). True when the operation was
 * applied before and must not be applied again. @throws OP_ID_CONFLICT
 */
export async function isReplay(
  db: Executor,
  userId: string,
  op: { opId: string | undefined; kind: string; targetId: string; appliedAt: number },
): Promise<boolean> {
  if (op.opId === undefined) return false;
  const use = await recordOp(db, userId, { ...op, opId: op.opId });
  if (use === "conflict") throw opIdConflict(op.opId);
  return use === "replay";
}
