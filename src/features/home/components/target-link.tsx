import { Link } from '@tanstack/react-router';
import type { MouseEventHandler, ReactNode } from 'react';
import type { HomeTarget } from '../home-links';

/**
 * A link to where a to-do or message is acted on (home-links.ts). The search is typed loosely:
 * the visit application routes it names are another issue's and may not be generated yet.
 */
export function TargetLink({
  target,
  className,
  onClick,
  children,
}: {
  target: HomeTarget;
  className?: string;
  onClick?: MouseEventHandler<HTMLAnchorElement>;
  children: ReactNode;
}) {
  return (
    <Link to={target.to} params={target.params} search={target.search as never} className={className} onClick={onClick}>
      {children}
    </Link>
  );
}
