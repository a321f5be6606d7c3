// GET /openapi.json: public, like FastAPI's, so tools can read the contract before holding a key.
import { openApiDocument } from "@/server/openapi";

export const dynamic = "force-static";

export function GET(): Response {
  return Response.json(openApiDocument());
}
