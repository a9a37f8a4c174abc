import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildFolder, buildMemo, newOpId } from "../../../test/helpers/factories.js";
import { startTestServer, type TestServer } from "../../../test/helpers/test-server.js";
import { type SignedUpUser, signUpVerified } from "../../../test/helpers/users.js";

// Folder writes an offline client replays: each applied once per opId, deletes idempotent.

let server: TestServer;
let alice: SignedUpUser;
let bob: SignedUpUser;

beforeAll(async () => {
  server = await startTestServer();
  alice = await signUpVerified(server);
  bob = await signUpVerified(server);
});
afterAll(async () => {
  await server.close();
});

describe("PATCH /api/folders/:folderId with opId", () => {
  it("applies a replayed change once and answers the folder's current state", async () => {
    const folder = await buildFolder(alice.client, { title: "원래" });
    const opId = newOpId("folder");
    const first = await alice.client.patch(`/api/folders/${folder.id}`, { opId, title: "처음" });
    expect(first.body.folder.title).toBe("처음");
    await alice.client.patch(`/api/folders/${folder.id}`, { opId: newOpId(), title: "나중" });
    const replay = await alice.client.patch(`/api/folders/${folder.id}`, { opId, title: "처음" });
    expect(replay.status).toBe(200);
    expect(replay.body.folder.title).toBe("나중");
  });

  it("answers 409 OP_ID_CONFLICT for an opId used on another folder", async () => {
    const one = await buildFolder(alice.client);
    const two = await buildFolder(alice.client, { title: "둘" });
    const opId = newOpId("folder");
    await alice.client.patch(`/api/folders/${one.id}`, { opId, title: "하나" });
    const response = await alice.client.patch(`/api/folders/${two.id}`, { opId, title: "x" });
    expect(response.status).toBe(409);
    expect(response.body.error.code).toBe("OP_ID_CONFLICT");
    expect((await alice.client.get(`/api/folders/${two.id}`)).body.folder.title).toBe("둘");
  });

  it("refuses a body with only an opId with VALIDATION_FAILED", async () => {
    const folder = await buildFolder(alice.client);
    const response = await alice.client.patch(`/api/folders/${folder.id}`, { opId: newOpId() });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe("VALIDATION_FAILED");
  });
});

describe("PUT /api/folders/order with opId", () => {
  it("applies a replayed order once", async () => {
    const { client } = await signUpVerified(server);
    const a = await buildFolder(client, { title: "A" });
    const b = await buildFolder(client, { title: "B" });
    const opId = newOpId("order");
    await client.put("/api/folders/order", { opId, folderIds: [a.id, b.id] });
    await client.put("/api/folders/order", { opId: newOpId(), folderIds: [b.id, a.id] });
    const replay = await client.put("/api/folders/order", { opId, folderIds: [a.id, b.id] });
    expect(replay.status).toBe(200);
    const order = (id: string) =>
      replay.body.folders.find((folder: { id: string }) => folder.id === id)?.order;
    expect([order(b.id), order(a.id)]).toEqual([0, 1]);
  });
});

describe("DELETE /api/folders/:folderId?opId=", () => {
  it("answers 204 to a replay and to a delete of a deleted folder, deleting once", async () => {
    const folder = await buildFolder(alice.client);
    const child = await buildFolder(alice.client, { parentFolderId: folder.id });
    await buildMemo(alice.client, { folderId: child.id });
    const opId = newOpId("delete");
    expect((await alice.client.delete(`/api/folders/${folder.id}?opId=${opId}`)).status).toBe(204);
    expect((await alice.client.delete(`/api/folders/${folder.id}?opId=${opId}`)).status).toBe(204);
    expect((await alice.client.delete(`/api/folders/${folder.id}`)).status).toBe(204);
    // The sub-folder went with it, and is as deleted as its parent.
    expect((await alice.client.delete(`/api/folders/${child.id}`)).status).toBe(204);
    expect((await alice.client.get(`/api/folders/${child.id}`)).status).toBe(404);
  });

  it("answers 404 FOLDER_NOT_FOUND for an unknown folder and for another user's deleted one", async () => {
    expect((await alice.client.delete("/api/folders/neverExistedFolderAA")).status).toBe(404);
    const bobs = await buildFolder(bob.client);
    await bob.client.delete(`/api/folders/${bobs.id}`);
    const response = await alice.client.delete(`/api/folders/${bobs.id}`);
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe("FOLDER_NOT_FOUND");
  });

  it("answers 409 OP_ID_CONFLICT when the opId was used for another kind of change", async () => {
    const folder = await buildFolder(alice.client);
    const opId = newOpId("folder");
    await alice.client.patch(`/api/folders/${folder.id}`, { opId, title: "바뀜" });
    const response = await alice.client.delete(`/api/folders/${folder.id}?opId=${opId}`);
    expect(response.status).toBe(409);
    expect(response.body.error.code).toBe("OP_ID_CONFLICT");
    expect((await alice.client.get(`/api/folders/${folder.id}`)).status).toBe(200);
  });
});
