import { createFileRoute, redirect } from '@tanstack/react-router';

/** The root path goes to login (SPEC.md section 2). */
export const Route = createFileRoute('/')({
  beforeLoad: () => {
    throw redirect({ to: '/login', replace: true });
  },
});
