"use client";
// The fleet day's CSV form: read the file (./csv.ts), resolve its places on the server (names and
// addresses by the service's geocoder, coordinates named by the nearest town), show how each line was
// read, then submit the day (POST /planner/fleet's checks, tRPC fleetDay.submit). Every problem names
// its CSV line, the server's 422 details too.
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { Field } from "@/components/form/Field";
import manage from "@/components/fleet/manage.module.css";
import { fmtTime } from "@/components/planner/format";
import { useTRPC } from "@/components/trpc";
import { CSV_EXAMPLE, readToursCsv } from "./csv";
import styles from "./fleet-day.module.css";
import { detailAtLine, placeQueries, tourBodies, type LinePreview } from "./tour-bodies";

const HINT =
  "One tour a line. Columns: vehicle_id; from and to, each a town, postcode or address (or coordinates: from_lat, from_lon, to_lat, to_lon); " +
  "start_time_tour, local time at the start (2026-12-01T07:00), or with an offset; battery_level_start (0–1); payload_kg. " +
  "Optional: name, priority (0–10), depot_soc.";

type Details = { loc: (string | number)[]; msg: string }[];

export function CsvForm({ onSubmitted }: { onSubmitted: (fleetId: string) => void }) {
  const trpc = useTRPC();
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
    const file = readToursCsv(csv);
    if (file.errors.length) return setProblems(file.errors);
    const { keys, queries } = placeQueries(file.lines);
    let answers;
    try {
      answers = await resolve.mutateAsync({ places: queries });
    } catch (e) {
      return setProblems([`The places could not be looked up: ${(e as Error).message}`]);
    }
    const built = tourBodies(file.lines, keys, answers, Date.now());
    setRead({ preview: built.preview, lines: built.lines });
    if (built.errors.length) return setProblems(built.errors);
    submit.mutate({ body: { tours: built.tours } }, {
      onSuccess: (r) => onSubmitted(r.fleet_id),
      onError: (e) => {
        const details = (e.data as { details?: Details | null } | undefined)?.details;
        setProblems(details?.length ? details.map((d) => detailAtLine(d, built.lines)) : [e.message]);
      },
    });
  }

  return (
    <form className={styles.form} onSubmit={(e) => { e.preventDefault(); void send(); }} noValidate>
      <Field id="fleet-csv" label="Tours (CSV, one tour a line)" hint={HINT}>
        <textarea id="fleet-csv" aria-describedby={`fleet-csv-hint${problems.length ? " fleet-csv-error" : ""}`} aria-invalid={problems.length > 0 || undefined}
          value={csv} onChange={(e) => setCsv(e.target.value)} spellCheck={false} />
      </Field>
      {problems.length ? (
        <div id="fleet-csv-error" role="alert">
          <ul className={styles.errors}>{problems.map((p, i) => <li key={i}>{p}</li>)}</ul>
        </div>
      ) : null}
      <div className={styles.row}>
        <Field id="fleet-csv-file" label="Or load a CSV file">
          <input id="fleet-csv-file" type="file" accept=".csv,text/csv" onChange={async (e) => { const f = e.target.files?.[0]; if (f) setCsv(await f.text()); }} />
        </Field>
        <button type="submit" className={manage.buttonPrimary} disabled={busy}>
          {resolve.isPending ? "Looking up places…" : submit.isPending ? "Submitting…" : "Plan the day"}
        </button>
      </div>
      {read?.preview.length ? <HowRead preview={read.preview} /> : null}
    </form>
  );
}

function Place({ end }: { end: LinePreview["from"] }) {
  const p = end.place;
  const same = p.label.toLowerCase().startsWith(end.written.toLowerCase()) || /^-?\d/.test(end.written);
  return (
    <>
      {p.label}
      <span className={manage.sub}>{same ? "" : `for “${end.written}” · `}{p.lat.toFixed(4)}, {p.lon.toFixed(4)}</span>
      {p.approximate ? <span className={styles.approx}>approximate: “{p.unmatched}” not found, the place around it is used</span> : null}
    </>
  );
}

/** Each line as it will be planned: the places found for its ends and its departure on the start's clock. */
function HowRead({ preview }: { preview: LinePreview[] }) {
  return (
    <div className={manage.tableWrap}>
      <table className={manage.table}>
        <caption className={styles.readCaption}>How each line was read</caption>
        <thead>
          <tr><th scope="col">Line</th><th scope="col">Tour</th><th scope="col">From</th><th scope="col">To</th><th scope="col">Leaves</th></tr>
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
