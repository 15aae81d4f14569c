import { Component, type ReactNode } from "react";

interface Props {
  children: ReactNode;
  /** Shown if rendering the error page itself throws. */
  fallback: ReactNode;
}

/** Catches a failure of the error page so the visitor still gets a way home. */
export class ErrorPageGuard extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
