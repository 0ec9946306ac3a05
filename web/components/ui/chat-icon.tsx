/** A speech bubble; decorative (the text beside it names the action). */
export function ChatIcon({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" aria-hidden="true" width="20" height="20">
      <path
        d="M4 5.5C4 4.1 5.1 3 6.5 3h11C18.9 3 20 4.1 20 5.5v8c0 1.4-1.1 2.5-2.5 2.5H10l-4.2 3.6c-.6.5-1.5.1-1.5-.7V16.9A2.5 2.5 0 0 1 4 15.5z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinejoin="round"
      />
    </svg>
  );
}
