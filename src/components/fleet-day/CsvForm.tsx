"use client";
// The fleet day's CSV form: read the file (./csv.ts), resolve its places on the server (names and
// addresses by the service's geocoder, coordinates named by the nearest town), show how each line was
// read, then submit the day (POST /planner/fleet's checks, tRPC fleetDay.submit). Every problem names
// its CSV line, the server's 422 details too.
import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Field } from "@/components/form/Field";
import manage from "@/components/fleet/manage.module.css";
import { fmtLatLon, fmtTime } from "@/components/planner/format";
import { useTRPC } from "@/components/trpc";
import { CSV_EXAMPLE, readToursCsv } from "./csv";
import styles from "./fleet-day.module.css";
import { detailAtLine, placeQueries, tourBodies, type LinePreview } from "./tour-bodies";

type Details = { loc: (string | number)[]; msg: string }[];

export function CsvForm({ onSubmitted }: { onSubmitted: (fleetId: string) => void }) {
  const trpc = useTRPC();
  const t = useTranslations("fleetDayForm");
  const lineT = useTranslations("fleetDayCsv");
  const [csv, setCsv] = useState(CSV_EXAMPLE);
  const [problems, setProblems] = useState<string[]>([]);
  const [read, setRead] = useState<{ preview: LinePreview[]; lines: number[] } | null>(null);
  const resolve = useMutation(trpc.fleetDay.resolvePlaces.mutationOptions());
  const submit = useMutation(trpc.fleetDay.submit.mutationOptions());
  const busy = resolve.isPending || submit.isPending;

  async function send() {
    setProblems([]);
    setRead(null);
    submit.reset();
    const file = readToursCsv(csv, lineT);
    if (file.errors.length) return setProblems(file.errors);
    const { keys, queries } = placeQueries(file.lines);
    let answers;
    try {
      answers = await resolve.mutateAsync({ places: queries });
    } catch (e) {
      return setProblems([t("lookupFailed", { message: (e as Error).message })]);
    }
    const built = tourBodies(file.lines, keys, answers, Date.now(), lineT);
    setRead({ preview: built.preview, lines: built.lines });
    if (built.errors.length) return setProblems(built.errors);
    submit.mutate({ body: { tours: built.tours } }, {
      onSuccess: (r) => onSubmitted(r.fleet_id),
      onError: (e) => {
        const details = (e.data as { details?: Details | null } | undefined)?.details;
        setProblems(details?.length ? details.map((d) => detailAtLine(d, built.lines, lineT)) : [e.message]);
      },
    });
  }

  return (
    <form className={styles.form} onSubmit={(e) => { e.preventDefault(); void send(); }} noValidate>
      <Field id="fleet-csv" label={t("csvLabel")} hint={t("csvHint")}>
        <textarea id="fleet-csv" aria-describedby={`fleet-csv-hint${problems.length ? " fleet-csv-error" : ""}`} aria-invalid={problems.length > 0 || undefined}
          value={csv} onChange={(e) => setCsv(e.target.value)} spellCheck={false} />
      </Field>
      {problems.length ? (
        <div id="fleet-csv-error" role="alert">
          <ul className={styles.errors}>{problems.map((p, i) => <li key={i}>{p}</li>)}</ul>
        </div>
      ) : null}
      <div className={styles.row}>
        <Field id="fleet-csv-file" label={t("fileLabel")}>
          <input id="fleet-csv-file" type="file" accept=".csv,text/csv" onChange={async (e) => { const f = e.target.files?.[0]; if (f) setCsv(await f.text()); }} />
        </Field>
        <button type="submit" className={manage.buttonPrimary} disabled={busy}>
          {resolve.isPending ? t("lookingUp") : submit.isPending ? t("submitting") : t("submit")}
        </button>
      </div>
      {read?.preview.length ? <HowRead preview={read.preview} /> : null}
    </form>
  );
}

function Place({ end }: { end: LinePreview["from"] }) {
  const t = useTranslations("fleetDayForm");
  const p = end.place;
  const same = p.label.toLowerCase().startsWith(end.written.toLowerCase()) || /^-?\d/.test(end.written);
  return (
    <>
      {p.label}
      <span className={manage.sub}>{same ? "" : `${t("writtenAs", { written: end.written })} · `}{fmtLatLon(p.lat, p.lon)}</span>
      {p.approximate ? <span className={styles.approx}>{t("approximate", { unmatched: p.unmatched ?? "" })}</span> : null}
    </>
  );
}

/** Each line as it will be planned: the places found for its ends and its departure on the start's clock. */
function HowRead({ preview }: { preview: LinePreview[] }) {
  const t = useTranslations("fleetDayForm");
  return (
    <div className={manage.tableWrap}>
      <table className={manage.table}>
        <caption className={styles.readCaption}>{t("readCaption")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("colLine")}</th><th scope="col">{t("colTour")}</th><th scope="col">{t("colFrom")}</th>
            <th scope="col">{t("colTo")}</th><th scope="col">{t("colLeaves")}</th>
          </tr>
        </thead>
        <tbody>
          {preview.map((l) => (
            <tr key={l.line}>
              <th scope="row">{l.line}</th>
              <td>{l.name ?? "–"}</td>
              <td><Place end={l.from} /></td>
              <td><Place end={l.to} /></td>
              <td><time dateTime={l.departure}>{fmtTime(l.departure, l.zone, true)}</time></td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
