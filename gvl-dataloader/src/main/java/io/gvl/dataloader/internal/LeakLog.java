package io.gvl.dataloader.internal;

import io.gvl.dataset.memory.MemoryBudget;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The WARN lines of a loader's leak reports: what was left open, how many bytes, and (debug mode) where. */
public final class LeakLog {
    private static final Logger LOG = LoggerFactory.getLogger("io.gvl.dataloader.DataLoader");

    private LeakLog() {
    }

    static void unreachable(Lease lease) {
        LOG.warn("a {} was never closed and became unreachable; its memory is released now{}", lease.what(),
                where(lease));
    }

    /** Reports the leases still open when the loader closes; returns the text (also for tests). */
    public static String atClose(List<Lease> reclaimed, List<Lease> caller, String budgetReport) {
        StringBuilder sb = new StringBuilder();
        if (!reclaimed.isEmpty()) {
            sb.append(reclaimed.size()).append(" batches or views of loader buffers were not closed (")
                    .append(reclaimed.stream().mapToLong(Lease::bytes).sum())
                    .append(" bytes); they are closed and their memory reclaimed now\n");
            reclaimed.forEach(l -> sb.append("  ").append(l.what()).append(where(l)).append('\n'));
        }
        if (!caller.isEmpty()) {
            sb.append(caller.size()).append(" copied batches are still open (")
                    .append(caller.stream().mapToLong(Lease::bytes).sum())
                    .append(" bytes); they own their memory until closed\n");
            caller.forEach(l -> sb.append("  ").append(l.what()).append(where(l)).append('\n'));
        }
        if (budgetReport != null) {
            sb.append(budgetReport).append('\n');
        }
        String text = sb.toString().strip();
        if (!text.isEmpty()) {
            LOG.warn("data loader closed with memory still in use:\n{}", text);
        }
        return text;
    }

    private static String where(Lease lease) {
        Throwable site = lease.site();
        if (site == null) {
            return "";
        }
        return ", allocated\n" + MemoryBudget.siteLines(site, "      ").stripTrailing();
    }
}
