// The registration of a pull source, the service being the Sender of the Credentials module as an eMSP
// that was given a versions URL and a CREDENTIALS_TOKEN_A (credentials.asciidoc, "Registration";
// version_information_endpoint.asciidoc): GET versions and choose 2.2.1; GET its details for the
// credentials endpoint and the Locations Sender endpoint (missing ones: no POST, as the specification
// asks); POST the service's credentials (a new token B, its versions URL, its EMSP role); keep the
// party's token C and use it from then on. Token B is registered as the party's OCPI token (an
// OcpiParty): the party reads the service's versions with it during the POST, and may push with it later.
import { MAX_PARTIES_PER_TENANT } from "../../../contract/ocpi";
import { OcpiCredentials, OcpiVersionDetails, OcpiVersions } from "../../../contract/ocpi-sources";
import type { Db } from "../../db/client";
import { PUBLIC } from "../../stations/store";
import { ensureFeed, newPartyToken, registerPartyToken, revokePartyAnywhere, sha256 } from "../parties";
import { ocpiRequest, PullError, type ClientOptions } from "./client";
import type { SourceRole } from "./sources";

export const OCPI_VERSION = "2.2.1";
/** Answers of the handshake are small: a versions list, endpoint lists, a Credentials object. */
const HANDSHAKE_MAX_BYTES = 1024 * 1024;

export interface HandshakeSource {
  id: number;
  tenantId: number;
  label: string | null;
  versionsUrl: string;
  ourVersionsUrl: string;
  token: string;
}

export interface Us {
  countryCode: string;
  partyId: string;
  businessName: string;
}

/** The lease of the run was lost (another process holds the source) or the source was deleted: nothing more is written. */
export class LeaseLost extends Error {}

const listed = (xs: string[]) => (xs.length ? xs.join(", ") : "none");

/** The roles that say whose Locations the source sends: CPO roles, or a hub's (whose Locations are its parties'). */
export const dataRoles = (roles: SourceRole[]) => roles.filter((r) => r.role === "CPO" || r.role === "HUB");

/**
 * Runs the handshake; on success the source holds token C, the party's roles and its Locations
 * endpoint, and the party's OcpiParty (token B). Writes are fenced by the run's claim.
 */
export async function handshake(db: Db, source: HandshakeSource, claims: number, us: Us, client: ClientOptions): Promise<void> {
  const fenced = { id: source.id, claims };
  const small = { ...client, maxBytes: Math.min(client.maxBytes, HANDSHAKE_MAX_BYTES) };
  const versions = await ocpiRequest("versions", source.versionsUrl, { method: "GET", token: source.token }, small);
  const list = OcpiVersions.safeParse(versions.data);
  if (!list.success) throw new PullError("versions", "The versions endpoint's data is not a list of OCPI versions ({version, url})", versions.httpStatus);
  const version = list.data.find((v) => v.version === OCPI_VERSION);
  if (!version) {
    throw new PullError("versions", `The party offers OCPI ${listed(list.data.map((v) => v.version))}, not ${OCPI_VERSION} (as OCPI 3002: unsupported version)`, versions.httpStatus, 3002);
  }

  const details = await ocpiRequest("details", version.url, { method: "GET", token: source.token }, small);
  const parsed = OcpiVersionDetails.safeParse(details.data);
  if (!parsed.success) throw new PullError("details", "The version details' data is not OCPI's {version, endpoints: [{identifier, role, url}]}", details.httpStatus);
  const endpoints = parsed.data.endpoints;
  const credentialsUrl = endpoints.find((e) => e.identifier === "credentials")?.url;
  const locationsUrl = endpoints.find((e) => e.identifier === "locations" && e.role === "SENDER")?.url;
  // credentials.asciidoc, "Required endpoints not available": the Sender that misses endpoints does not POST.
  if (!credentialsUrl || !locationsUrl) {
    const have = endpoints.map((e) => `${e.identifier}${e.role ? ` ${e.role}` : ""}`);
    throw new PullError("details", `The party's ${OCPI_VERSION} endpoints (${listed(have)}) lack ${[!credentialsUrl && "credentials", !locationsUrl && "locations SENDER"].filter(Boolean).join(" and ")} (as OCPI 3003: no matching endpoints)`, details.httpStatus, 3003);
  }
  if (source.tenantId !== PUBLIC && (await db.ocpiParty.count({ where: { tenantId: source.tenantId, revokedAt: null } })) >= MAX_PARTIES_PER_TENANT) {
    throw new PullError("credentials", `The tenant has ${MAX_PARTIES_PER_TENANT} active OCPI party tokens: the handshake would give the party another; revoke one (DELETE /ocpi/parties/{party_ref})`);
  }

  // Token B: the party may call the service's versions endpoints with it from now on (during the POST).
  const tokenB = newPartyToken();
  const offered = await db.ocpiSource.updateMany({ where: fenced, data: { pendingTokenHash: sha256(tokenB) } });
  if (offered.count !== 1) throw new LeaseLost();
  const ours = {
    token: tokenB,
    url: source.ourVersionsUrl,
    roles: [{ role: "EMSP", country_code: us.countryCode, party_id: us.partyId, business_details: { name: us.businessName } }],
  };
  const answer = await ocpiRequest("credentials", credentialsUrl, { method: "POST", token: source.token, body: ours }, small);
  const credentials = OcpiCredentials.safeParse(answer.data);
  if (!credentials.success) {
    const where = credentials.error.issues.slice(0, 3).map((i) => i.path.join(".") || "data").join(", ");
    throw new PullError("credentials", `The credentials POST's answer is not an OCPI Credentials object (${where}): the token it may hold is not used`, answer.httpStatus);
  }
  const roles: SourceRole[] = credentials.data.roles.map((r) => ({
    role: r.role, country_code: r.country_code.toUpperCase(), party_id: r.party_id.toUpperCase(), name: r.business_details?.name ?? null,
  }));
  const main = dataRoles(roles)[0];
  if (!main) {
    throw new PullError("credentials", `The party's roles (${listed(roles.map((r) => `${r.role} ${r.country_code}/${r.party_id}`))}) name no CPO or HUB: it sends no Locations`, answer.httpStatus, 3003);
  }

  // Token C from now on (token A is spent); token B the party's registration, under its main role.
  const party = await registerPartyToken(db, {
    tenantId: source.tenantId, countryCode: main.country_code, partyId: main.party_id, token: tokenB,
    label: `pull source ${source.id}${source.label ? `: ${source.label}` : ""}`,
  });
  const feed = await ensureFeed(db, source.tenantId, main.country_code, main.party_id);
  const done = await db.ocpiSource.updateMany({
    where: fenced,
    data: { token: credentials.data.token, roles: JSON.stringify(roles), locationsUrl, registeredAt: new Date(), partyRef: party.id, pendingTokenHash: null },
  });
  if (done.count !== 1) {
    await revokePartyAnywhere(db, party.id);
    throw new LeaseLost();
  }
  await linkFeed(db, source.id, feed.id);
}

/** Notes that the source writes into the feed (its data is kept while the source is). */
export async function linkFeed(db: Db, sourceId: number, feedId: number): Promise<void> {
  try {
    await db.ocpiSourceFeed.upsert({ where: { sourceId_feedId: { sourceId, feedId } }, create: { sourceId, feedId }, update: {} });
  } catch (e) {
    const code = (e as { code?: string }).code;
    // Two links at once: the other made it. The source deleted meanwhile (its foreign key): the run ends.
    if (code === "P2003") throw new LeaseLost();
    if (code !== "P2002") throw e;
  }
}
