"use client";
// Every page of the web app inside one shell: sign-in with an API key (kept
// server-side in an httpOnly cookie, never in browser storage), the top bar
// with the app's sections, the tenant, and sign-out.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { usePathname } from "next/navigation";
import { createContext, useContext, useState, type ReactNode } from "react";
import { useTRPC } from "@/components/trpc";
import styles from "@/components/planner/planner.module.css";
import { LanguageSwitch } from "./LanguageSwitch";

export interface Session {
  tenantId: number;
  tenantName: string;
  role: "admin" | "member";
}

const SECTIONS: { href: string; label: "plan" | "history" | "fleet" | "prices" | "keys"; adminOnly?: boolean }[] = [
  { href: "/", label: "plan" },
  { href: "/history", label: "history" },
  { href: "/fleet", label: "fleet" },
  { href: "/prices", label: "prices" },
  { href: "/keys", label: "keys", adminOnly: true },
];

const SessionContext = createContext<Session | null>(null);

/** The signed-in session; only inside AppShell's children. */
export function useSession(): Session {
  const s = useContext(SessionContext);
  if (!s) throw new Error("useSession outside AppShell");
  return s;
}

export function AppShell({ children }: { children: ReactNode }) {
  const trpc = useTRPC();
  const t = useTranslations("shell");
  const me = useQuery({ ...trpc.session.me.queryOptions(), staleTime: Infinity });
  if (me.isPending) {
    return (
      <div className={styles.splash} role="status">
        {t("loading")}
      </div>
    );
  }
  if (me.isError) {
    return (
      <div className={styles.splash} role="alert">
        <p>{t("unreachable", { message: me.error.message })}</p>
        <button type="button" className={styles.secondary} onClick={() => void me.refetch()}>
          {t("tryAgain")}
        </button>
      </div>
    );
  }
  if (!me.data) return <SignIn />;
  return (
    <SessionContext.Provider value={me.data}>
      <div className={styles.app}>
        <a href="#content" className={styles.skipLink}>
          {t("skipToContent")}
        </a>
        <TopBar session={me.data} />
        {/* The skip link's target: focusable, so that the next Tab goes on from the page's first control. */}
        <div id="content" tabIndex={-1} className={styles.content}>
          {children}
        </div>
      </div>
    </SessionContext.Provider>
  );
}

function TopBar({ session }: { session: Session }) {
  const t = useTranslations("shell");
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const path = usePathname();
  const signOut = useMutation(
    trpc.session.signOut.mutationOptions({
      onSuccess: () => {
        const meKey = JSON.stringify(trpc.session.me.queryKey());
        queryClient.setQueryData(trpc.session.me.queryKey(), null);
        setTimeout(() => queryClient.removeQueries({ predicate: (q) => JSON.stringify(q.queryKey) !== meKey }), 0);
      },
    }),
  );
  // A stored plan and a comparison are reached from the history.
  const current = (href: string) =>
    href === "/" ? path === "/" : href === "/history" ? /^\/(history|plans|compare)/.test(path) : path.startsWith(href);
  // On a narrow screen the sections and the account sit behind a menu button (the bar would overflow).
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <header className={styles.topbar}>
      <div className={styles.brand}>
        <Logo />
        <span>{t("appName")}</span>
      </div>
      <button
        type="button"
        className={styles.menuButton}
        aria-expanded={menuOpen}
        aria-controls="app-menu"
        onClick={() => setMenuOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === "Escape") setMenuOpen(false);
        }}
      >
        <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
          <path d={menuOpen ? "M5 5l10 10M15 5L5 15" : "M3 5h14M3 10h14M3 15h14"} stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        {t("menu")}
      </button>
      <div id="app-menu" className={styles.menu} data-open={menuOpen || undefined}>
      <nav className={styles.sections} aria-label={t("sectionsLabel")}>
        {SECTIONS.filter((s) => !s.adminOnly || session.role === "admin").map((s) => (
          <a key={s.href} href={s.href} aria-current={current(s.href) ? "page" : undefined}>
            {t(`sections.${s.label}`)}
          </a>
        ))}
      </nav>
      <nav className={styles.topnav} aria-label={t("accountLabel")}>
        <a href="/docs">{t("apiReference")}</a>
        <LanguageSwitch />
        <span className={styles.tenant}>
          <span className={styles.muted}>{t("tenant")}</span> <strong data-testid="tenant-name">{session.tenantName}</strong>
        </span>
        <button type="button" className={styles.secondary} onClick={() => signOut.mutate()} disabled={signOut.isPending}>
          {t("signOut")}
        </button>
      </nav>
      </div>
    </header>
  );
}

export function Logo() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      <rect x="1" y="6" width="13" height="10" rx="1.5" fill="currentColor" opacity="0.9" />
      <path d="M14 9h4.2l3.3 3.6V16H14z" fill="currentColor" opacity="0.7" />
      <circle cx="5.5" cy="17.5" r="2.2" fill="#fff" stroke="currentColor" strokeWidth="1.6" />
      <circle cx="17.5" cy="17.5" r="2.2" fill="#fff" stroke="currentColor" strokeWidth="1.6" />
      <path d="M8.6 7.8 6 11.6h2.2l-.9 3 3-4.2H8.1z" fill="#fff" />
    </svg>
  );
}


function SignIn() {
  const t = useTranslations("signIn");
  const shell = useTranslations("shell");
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [key, setKey] = useState("");
  const signIn = useMutation(
    trpc.session.signIn.mutationOptions({
      onSuccess: (who) => {
        setKey("");
        const meKey = JSON.stringify(trpc.session.me.queryKey());
        queryClient.removeQueries({ predicate: (q) => JSON.stringify(q.queryKey) !== meKey });
        queryClient.setQueryData(trpc.session.me.queryKey(), who);
      },
    }),
  );
  return (
    <main className={styles.signInPage}>
      <form
        className={styles.signInCard}
        onSubmit={(e) => {
          e.preventDefault();
          if (key.trim()) signIn.mutate({ apiKey: key.trim() });
        }}
        aria-labelledby="signin-heading"
      >
        <div className={styles.signInBrand}>
          <Logo />
          <span>{shell("appName")}</span>
          <LanguageSwitch />
        </div>
        <h1 id="signin-heading">{t("heading")}</h1>
        <p className={styles.muted}>{t("intro")}</p>
        <div className={styles.field}>
          <label htmlFor="api-key">{t("apiKey")}</label>
          <input
            id="api-key"
            name="api-key"
            type="password"
            autoComplete="off"
            spellCheck={false}
            required
            autoFocus
            value={key}
            onChange={(e) => setKey(e.target.value)}
            aria-invalid={signIn.isError || undefined}
            aria-describedby={signIn.isError ? "api-key-error" : "api-key-hint"}
          />
          {signIn.isError ? (
            <p id="api-key-error" className={styles.error} role="alert">
              {signIn.error.data?.code === "UNAUTHORIZED" ? t("invalidKey") : signIn.error.message}
            </p>
          ) : (
            <p id="api-key-hint" className={styles.hint}>
              {t("hint")}
            </p>
          )}
        </div>
        <button type="submit" className={styles.primary} disabled={signIn.isPending || !key.trim()}>
          {signIn.isPending ? t("submitting") : t("submit")}
        </button>
        <p className={styles.signInFoot}>
          <a href="/docs">{shell("apiReference")}</a>
        </p>
      </form>
    </main>
  );
}

