package com.courtrush.infra.release;

import com.courtrush.core.Release;
import java.util.LinkedHashMap;
import java.util.Map;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.MigrationInfo;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.info.Info;
import org.springframework.boot.actuate.info.InfoContributor;
import org.springframework.stereotype.Component;

/**
 * {@code courtrush} in {@code /actuator/info} (staff only): this release, the schema it brings, and the schema the
 * database is at — the same after a start that migrated, one ahead on a node not yet upgraded in a rolling upgrade.
 */
@Component
class ReleaseInfo implements InfoContributor {

    private final ObjectProvider<Flyway> flyway;

    ReleaseInfo(ObjectProvider<Flyway> flyway) {
        this.flyway = flyway;
    }

    @Override
    public void contribute(Info.Builder builder) {
        Release release = Release.current();
        Map<String, Object> courtrush = new LinkedHashMap<>();
        courtrush.put("version", release.version());
        courtrush.put("builtAt", release.builtAt());
        courtrush.put("schema", release.schema());
        Flyway migrations = flyway.getIfAvailable();
        MigrationInfo current = migrations == null ? null : migrations.info().current();
        courtrush.put(
                "databaseSchema",
                current == null || current.getVersion() == null
                        ? null
                        : current.getVersion().getMajor());
        builder.withDetail("courtrush", courtrush);
    }
}
