// Webhook signatures against the Standard Webhooks specification's own example,
// and the retry schedule's bounds.
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { leaseMs, retryDelayMs } from "@/server/webhooks/delivery";
import { newSecret, sign, webhookHeaders } from "@/server/webhooks/signing";

describe("Standard Webhooks signature", () => {
  it("matches the specification's example", () => {
    const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    expect(sign(secret, "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330, '{"test": 2432232314}')).toBe("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
  });

  it("signs with every secret given, each verifiable on its own", () => {
    const [a, b] = [newSecret(), newSecret()];
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const body = JSON.stringify({ job_id: "j", optimization_id: 1, tour_id: 2, status: "succeeded" });
    const headers = webhookHeaders([a, b], "msg_1", body, new Date());
    expect(headers["webhook-signature"].split(" ")).toHaveLength(2);
    for (const s of [a, b]) expect(new Webhook(s).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(newSecret()).verify(body, headers)).toThrow();
    // A changed body or id does not verify.
    expect(() => new Webhook(a).verify(body.replace("succeeded", "failed"), headers)).toThrow();
    expect(() => new Webhook(a).verify(body, { ...headers, "webhook-id": "msg_2" })).toThrow();
  });
});

describe("retry schedule", () => {
  it("doubles from the base, at most 1 h, jittered between half and the whole", () => {
    const base = 5_000;
    for (let n = 1; n <= 40; n++) {
      const full = Math.min(3_600_000, base * 2 ** (n - 1));
      expect(retryDelayMs(n, base, () => 0)).toBe(full / 2);
      expect(retryDelayMs(n, base, () => 0.999999)).toBeCloseTo(full, -1);
    }
    expect(retryDelayMs(1, base, () => 1)).toBe(5_000);
    expect(retryDelayMs(11, base, () => 1)).toBe(3_600_000);
    // With the default give-up time, about 40 attempts fit in 24 h at the mean jitter.
    let t = 0, attempts = 1;
    while ((t += retryDelayMs(attempts, base, () => 0.5)) <= 86_400_000) attempts++;
    expect(attempts).toBeGreaterThanOrEqual(35);
    expect(attempts).toBeLessThanOrEqual(45);
  });

  it("a claim's lease outlasts the attempt's time limit", () => {
    expect(leaseMs(10_000)).toBe(25_000);
  });
});
