"use client";
// Confirms removing a vehicle.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { FleetVehicle } from "@/contract/fleet";
import { useTRPC } from "@/components/trpc";
import { ConfirmDialog } from "./ConfirmDialog";

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
    <ConfirmDialog
      title={`Remove ${vehicle.vehicle_id}?`}
      confirm="Remove vehicle"
      confirming="Removing…"
      pending={remove.isPending}
      error={remove.isError ? remove.error.message : null}
      onConfirm={() => remove.mutate({ vehicle_id: vehicle.vehicle_id }, { onSuccess: () => onRemoved(`Removed ${vehicle.vehicle_id} from the fleet.`) })}
      onClose={onClose}
    >
      <p>
        <strong>{vehicle.name}</strong> ({vehicle.manufacturer} {vehicle.model_name}) leaves the fleet: new tours can no longer use
        the vehicle ID <code>{vehicle.vehicle_id}</code>. Tours already planned or queued keep its figures.
      </p>
    </ConfirmDialog>
  );
}
