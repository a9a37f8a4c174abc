import type { AddSubjectsResponse, SubjectsResponse } from "@mnemo/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "./client";

export const subjectKeys = { all: ["subjects"] as const };

export function useSubjects() {
  return useQuery({
    queryKey: subjectKeys.all,
    queryFn: async () => (await api<SubjectsResponse>("GET", "/api/subjects")).subjects,
  });
}

/** Adds subjects by name: new names are created, known ones get +1 on their setCount. */
export function useAddSubjects() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (names: string[]) => api<AddSubjectsResponse>("POST", "/api/subjects", { names }),
    onSuccess: () => client.invalidateQueries({ queryKey: subjectKeys.all }),
  });
}
