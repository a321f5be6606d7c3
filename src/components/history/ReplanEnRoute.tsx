"use client";
// "Re-plan from here" on a plan's page: the truck is on the road and the plan no longer holds (a charger broke,
// the driver is late, the battery is not where the plan said). The dispatcher says where the truck is: at its
// last telematics report, or leaving one of the plan's stops now with the charge it has; the rest of the tour is
// planned again from there (POST /planner/optimizations/{id}/replan through tRPC) and its page opens.
// Words from the catalogs ("replanEnRoute").
import { useMutation, useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useId, useMemo, useState } from "react";
import { Dialog } from "@/components/fleet/Dialog";
import styles from "@/components/fleet/manage.module.css";
import { Field } from "@/components/form/Field";
import share from "@/components/plan-share/plan-share.module.css";
import { fmtTime } from "@/components/planner/format";
import { browserZone, zoned } from "@/components/planner/form/time";
import { planStops, type TourPoint } from "@/components/planner/stops";
import { useTRPC } from "@/components/trpc";
import type { OptimizationResultResponse } from "@/contract/result";
import { localInput } from "./replan";

const TELEMATICS = "telematics";

export function ReplanEnRoute({ id, result, points }: { id: number; result: OptimizationResultResponse; points?: readonly TourPoint[] }) {
  const t = useTranslations("replanEnRoute");
  const ts = useTranslations("planStops");
  const trpc = useTRPC();
  const router = useRouter();
  const fieldId = useId();
  const [open, setOpen] = useState(false);
  const state = useQuery({ ...trpc.replan.state.queryOptions({ optimizationId: id }), enabled: open });
  const queue = useMutation(trpc.replan.queue.mutationOptions());
  // The stops a truck can be leaving: the request's own and those the plan inserted (not the start, not the end).
  const stops = useMemo(() => planStops(result, points ?? [], ts).filter((s) => s.kind !== "start" && s.kind !== "destination"), [result, points, ts]);
  const report = state.data?.report ?? null;
  const [where, setWhere] = useState<string>("");
  const chosen = where || (report ? TELEMATICS : stops[0] ? String(stops[0].section) : "");
  const stop = stops.find((s) => String(s.section) === chosen) ?? null;
  const [battery, setBattery] = useState<string>("");
  const [time, setTime] = useState<string>("");
  const zone = browserZone();
  const batteryShown = battery || (stop?.socOut != null ? String(Math.round(stop.socOut * 100)) : "");
  const timeShown = time || localInput(Date.now());
  const errors: Record<string, string[]> = {};
  const pct = Number(batteryShown);
  if (chosen !== TELEMATICS && (!batteryShown || !Number.isFinite(pct) || pct < 10 || pct > 100)) errors.battery = [t("batteryRange")];
  const at = zoned(timeShown, zone);
  if (chosen !== TELEMATICS && !at) errors.time = [t("timeInvalid")];
  const [tried, setTried] = useState(false);

  const stopLabel = (s: (typeof stops)[number]) =>
    s.kind === "charge" ? t("stopCharge", { n: s.chargeNo ?? 0, name: s.name })
      : s.kind === "waypoint" ? t("stopWaypoint", { n: s.stopNo ?? 0, name: s.name })
        : t(s.pause?.kind === "rest" ? "stopRest" : "stopBreak", { time: fmtTime(s.arrival, s.zone, true) });

  const submit = () => {
    setTried(true);
    if (Object.keys(errors).length || !chosen) return;
    const from = chosen === TELEMATICS
      ? { kind: "telematics" as const }
      : { kind: "stop" as const, section: Number(chosen), battery_level: pct / 100, time: at!.iso };
    queue.mutate({ optimizationId: id, from }, { onSuccess: (answer) => router.push(`/plans/${answer.optimization_id}`) });
  };
  const shown = (k: string) => (tried ? errors[k] : undefined);

  return (
    <>
      <button type="button" className={share.btn} onClick={() => setOpen(true)}>
        {t("open")}
      </button>
      <Dialog
        open={open}
        title={t("title")}
        onClose={() => setOpen(false)}
        footer={
          <>
            <button type="button" className={styles.button} onClick={() => setOpen(false)} data-autofocus>
              {t("cancel")}
            </button>
            <button type="button" className={styles.buttonPrimary} onClick={submit} disabled={queue.isPending || !chosen}>
              {queue.isPending ? t("queueing") : t("submit")}
            </button>
          </>
        }
      >
        <p>{t("lead")}</p>
        <div className={styles.form}>
          <Field id={`${fieldId}-where`} label={t("where")}>
            <select id={`${fieldId}-where`} value={chosen} onChange={(e) => { setWhere(e.target.value); setBattery(""); }}>
              {report ? <option value={TELEMATICS}>{t("fromReport", { time: fmtTime(report.at, zone, true), percent: Math.round(report.percent) })}</option> : null}
              {stops.map((s) => (
                <option key={s.section} value={String(s.section)}>
                  {stopLabel(s)}
                </option>
              ))}
            </select>
          </Field>
          {state.isSuccess && !report ? <p className={styles.legend}>{t("noReport")}</p> : null}
          {chosen !== TELEMATICS ? (
            <div className={styles.row}>
              <Field id={`${fieldId}-battery`} label={t("battery")} hint={t("batteryHint")} errors={shown("battery")}>
                <input id={`${fieldId}-battery`} type="number" min={10} max={100} step={1} value={batteryShown} aria-invalid={!!shown("battery")}
                  onChange={(e) => setBattery(e.target.value)} />
              </Field>
              <Field id={`${fieldId}-time`} label={t("time", { zone })} errors={shown("time")}>
                <input id={`${fieldId}-time`} type="datetime-local" value={timeShown} aria-invalid={!!shown("time")} onChange={(e) => setTime(e.target.value)} />
              </Field>
            </div>
          ) : null}
          <p className={styles.legend}>{t("driver")}</p>
          {queue.isError ? <p className={styles.danger} role="alert">{t("failed", { message: queue.error.message })}</p> : null}
        </div>
      </Dialog>
    </>
  );
}
