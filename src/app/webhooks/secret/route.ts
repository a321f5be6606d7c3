// GET|POST /webhooks/secret
import { endpoint } from "@/server/http/endpoint";
import { getWebhookSecret, rotateWebhookSecret } from "@/server/api/webhooks";

export const dynamic = "force-dynamic";
export const GET = endpoint(getWebhookSecret);
export const POST = endpoint(rotateWebhookSecret);
