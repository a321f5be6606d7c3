// The job time limit, checked between and inside the planning stages (the
// optimizer checks it as it sweeps): planning stops with TimeLimitExceeded.
import { TimeLimitExceeded } from "../charging/types";

export function checkDeadline(deadlineMs: number | undefined, stage: string): void {
  if (deadlineMs !== undefined && Date.now() > deadlineMs) throw new TimeLimitExceeded(`${stage} ran past its time limit`);
}
