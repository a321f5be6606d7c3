"use client";
// Confirms removing a vehicle; "Cancel" has the focus so Enter does no harm.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { FleetVehicle } from "@/contract/fleet";
import { useTRPC } from "@/components/trpc";
import planner from "@/components/planner/planner.module.css";
import { Dialog } from "./Dialog";
import styles from "./manage.module.css";

interface Props {
  vehicle: FleetVehicle;
  onClose: () => void;
  onRemoved: (message: string) => void;
}

export function RemoveVehicle({ vehicle, onClose, onRemoved }: Props) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const remove = useMutation(trpc.fleet.remove.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.fleet.list.queryKey() }) }));
  return (
    <Dialog
      open
      role="alertdialog"
      title={`Remove ${vehicle.vehicle_id}?`}
      onClose={onClose}
      // Not while the request runs: its answer (list refresh, sign-out) must reach this page.
      dismissible={!remove.isPending}
      footer={
        <>
          <button type="button" className={styles.button} onClick={onClose} disabled={remove.isPending} data-autofocus>
            Cancel
          </button>
          <button
            type="button"
            className={styles.buttonDanger}
            disabled={remove.isPending}
            onClick={() => remove.mutate({ vehicle_id: vehicle.vehicle_id }, { onSuccess: () => onRemoved(`Removed ${vehicle.vehicle_id} from the fleet.`) })}
          >
            {remove.isPending ? "Removing…" : "Remove vehicle"}
          </button>
        </>
      }
    >
      <p>
        <strong>{vehicle.name}</strong> ({vehicle.manufacturer} {vehicle.model_name}) leaves the fleet: new tours can no longer use
        the vehicle ID <code>{vehicle.vehicle_id}</code>. Tours already planned or queued keep its figures.
      </p>
      {remove.isError ? (
        <p className={planner.formError} role="alert">
          {remove.error.message}
        </p>
      ) : null}
    </Dialog>
  );
}
