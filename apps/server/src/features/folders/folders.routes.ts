import {
  createFolderInputSchema,
  deleteQuerySchema,
  ErrorCode,
  folderIdParamsSchema,
  folderResponseSchema,
  foldersResponseSchema,
  reorderFoldersInputSchema,
  updateFolderInputSchema,
} from "@mnemo/domain";
import type { FastifyInstance } from "fastify";
import { requireUser } from "../../auth/session.js";
import { routeSchema } from "../../http/route-schema.js";
import { parseInput } from "../../http/validate.js";
import {
  createFolder,
  deleteFolder,
  getFolder,
  listFolders,
  reorderFolders,
  updateFolder,
} from "./folders.service.js";

const tags = ["folders"];
const security = [{ session: [] }];
const { VALIDATION_FAILED, FOLDER_NOT_FOUND, FOLDER_ROOT_IMMUTABLE, OP_ID_CONFLICT } = ErrorCode;

/** Folders of the signed-in user: list, create, read, change, reorder, delete. */
export async function folderRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    "/folders",
    {
      schema: routeSchema({
        tags,
        security,
        summary: "Every folder, pinned first then by order",
        response: { 200: foldersResponseSchema },
      }),
    },
    async (request) => {
      const user = await requireUser(request);
      return { folders: await listFolders(app.deps, user.id) };
    },
  );

  app.post(
    "/folders",
    {
      schema: routeSchema({
        tags,
        security,
        summary: "Create a folder (201), or answer the existing one for a known client id (200)",
        description: "A client id of a deleted folder is refused (410): it never comes back.",
        body: createFolderInputSchema,
        response: { 201: folderResponseSchema, 200: folderResponseSchema },
        errors: [VALIDATION_FAILED, FOLDER_NOT_FOUND, ErrorCode.FOLDER_DELETED],
      }),
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const input = parseInput(createFolderInputSchema, request.body);
      const { folder, created } = await createFolder(app.deps, user.id, input);
      return reply.status(created ? 201 : 200).send({ folder });
    },
  );

  // Registered before /folders/:folderId so "order" is never read as a folder id.
  app.put(
    "/folders/order",
    {
      schema: routeSchema({
        tags,
        security,
        summary: "Set the order of folders",
        body: reorderFoldersInputSchema,
        response: { 200: foldersResponseSchema },
        errors: [VALIDATION_FAILED, FOLDER_NOT_FOUND, OP_ID_CONFLICT],
      }),
    },
    async (request) => {
      const user = await requireUser(request);
      const input = parseInput(reorderFoldersInputSchema, request.body);
      return { folders: await reorderFolders(app.deps, user.id, input) };
    },
  );

  app.get(
    "/folders/:folderId",
    {
      schema: routeSchema({
        tags,
        security,
        summary: "One folder",
        params: folderIdParamsSchema,
        response: { 200: folderResponseSchema },
        errors: [VALIDATION_FAILED, FOLDER_NOT_FOUND],
      }),
    },
    async (request) => {
      const user = await requireUser(request);
      const { folderId } = parseInput(folderIdParamsSchema, request.params);
      return { folder: await getFolder(app.deps, user.id, folderId) };
    },
  );

  app.patch(
    "/folders/:folderId",
    {
      schema: routeSchema({
        tags,
        security,
        summary: "Change a folder's title, parent or settings",
        params: folderIdParamsSchema,
        body: updateFolderInputSchema,
        response: { 200: folderResponseSchema },
        errors: [
          VALIDATION_FAILED,
          FOLDER_NOT_FOUND,
          FOLDER_ROOT_IMMUTABLE,
          ErrorCode.FOLDER_CYCLE,
          OP_ID_CONFLICT,
        ],
      }),
    },
    async (request) => {
      const user = await requireUser(request);
      const { folderId } = parseInput(folderIdParamsSchema, request.params);
      const input = parseInput(updateFolderInputSchema, request.body);
      return { folder: await updateFolder(app.deps, user.id, folderId, input) };
    },
  );

  app.delete(
    "/folders/:folderId",
    {
      schema: routeSchema({
        tags,
        security,
        summary: "Delete a folder with its sub-folders and memos",
        description: "Idempotent: 204 also when the folder is already deleted; `?opId=` optional.",
        params: folderIdParamsSchema,
        querystring: deleteQuerySchema,
        response: { 204: null },
        errors: [VALIDATION_FAILED, FOLDER_NOT_FOUND, FOLDER_ROOT_IMMUTABLE, OP_ID_CONFLICT],
      }),
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const { folderId } = parseInput(folderIdParamsSchema, request.params);
      const query = parseInput(deleteQuerySchema, request.query);
      await deleteFolder(app.deps, user.id, folderId, query);
      return reply.status(204).send();
    },
  );
}
