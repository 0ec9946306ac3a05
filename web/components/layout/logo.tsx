export function Logo({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 64 64" aria-hidden="true">
      <rect width="64" height="64" rx="14" fill="#ff9900" />
      <path
        d="M32 50s-16-9.6-16-21.3C16 22.7 20.6 18 26.2 18c2.6 0 4.5 1.2 5.8 3 1.3-1.8 3.2-3 5.8-3C43.4 18 48 22.7 48 28.7 48 40.4 32 50 32 50z"
        fill="#fff"
      />
    </svg>
  );
}
