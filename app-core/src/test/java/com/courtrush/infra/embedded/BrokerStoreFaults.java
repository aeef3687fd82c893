package com.courtrush.infra.embedded;

import com.sleepycat.je.DbInternal;
import com.sleepycat.je.Environment;
import com.sleepycat.je.EnvironmentFailureException;
import com.sleepycat.je.dbi.EnvironmentFailureReason;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.qpid.server.model.VirtualHostNode;
import org.apache.qpid.server.store.berkeleydb.BDBConfigurationStore;
import org.springframework.util.ReflectionUtils;

/**
 * Fails the embedded broker's message store as a disk does: Berkeley DB's log writer meets an I/O error and marks its
 * environment invalid ({@link EnvironmentFailureReason#LOG_WRITE}), exactly as JE's own file manager does on an
 * {@code IOException}. Every write after it fails; Qpid keeps its virtual host ACTIVE.
 */
public final class BrokerStoreFaults {

    private BrokerStoreFaults() {}

    public static void failStore(EmbeddedAmqpBroker broker) {
        for (VirtualHostNode<?> node : broker.qpid().getVirtualHostNodes()) {
            if (node.getConfigurationStore() instanceof BDBConfigurationStore store) {
                Object facade = store.getEnvironmentFacade();
                var field = ReflectionUtils.findField(facade.getClass(), "_environment");
                if (field == null) {
                    throw new IllegalStateException("Qpid's environment facade has no _environment any more");
                }
                ReflectionUtils.makeAccessible(field);
                @SuppressWarnings("unchecked")
                Environment environment =
                        ((AtomicReference<Environment>) ReflectionUtils.getField(field, facade)).get();
                // constructing it with the environment is what invalidates the environment
                var unused = new EnvironmentFailureException(
                        DbInternal.getNonNullEnvImpl(environment),
                        EnvironmentFailureReason.LOG_WRITE,
                        "a disk write failed (a test's fault)");
                return;
            }
        }
        throw new IllegalStateException("the embedded broker has no Berkeley DB store");
    }
}
