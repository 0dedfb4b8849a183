import { Component, type ReactNode } from 'react'
import { UnavailableScreen } from './unavailable-screen'

/**
 * The signed-in screen's views load on their own (docs/performance.md, "Split"); when their
 * code does not arrive, React throws where they render, and this shows
 * docs/product/screens.md#unavailable instead of an empty page.
 */
export class UnavailableBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  override render() {
    return this.state.failed ? <UnavailableScreen /> : this.props.children
  }
}
