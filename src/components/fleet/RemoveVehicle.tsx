"use client";
// Confirms removing a vehicle.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import type { FleetVehicle } from "@/contract/fleet";
import { useTRPC } from "@/components/trpc";
import { ConfirmDialog } from "./ConfirmDialog";

interface Props {
  vehicle: FleetVehicle;
  onClose: () => void;
  onRemoved: (message: string) => void;
}

export function RemoveVehicle({ vehicle, onClose, onRemoved }: Props) {
  const t = useTranslations("removeVehicle");
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const remove = useMutation(trpc.fleet.remove.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.fleet.list.queryKey() }) }));
  return (
    <ConfirmDialog
      title={t("title", { id: vehicle.vehicle_id })}
      confirm={t("confirm")}
      confirming={t("confirming")}
      pending={remove.isPending}
      error={remove.isError ? remove.error.message : null}
      onConfirm={() => remove.mutate({ vehicle_id: vehicle.vehicle_id }, { onSuccess: () => onRemoved(t("removed", { id: vehicle.vehicle_id })) })}
      onClose={onClose}
    >
      <p>
        {t.rich("text", {
          name: vehicle.name,
          model: `${vehicle.manufacturer} ${vehicle.model_name}`,
          id: vehicle.vehicle_id,
          strong: (c) => <strong>{c}</strong>,
          code: (c) => <code>{c}</code>,
        })}
      </p>
    </ConfirmDialog>
  );
}
