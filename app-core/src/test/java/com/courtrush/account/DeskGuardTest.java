package com.courtrush.account;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.mockingDetails;

import com.courtrush.account.api.Caller;
import com.courtrush.account.api.Role;
import com.courtrush.core.CourtRushException;
import com.courtrush.core.Outcome;
import com.courtrush.notice.ChannelSetup;
import com.courtrush.notice.WechatNoticeSetup;
import com.courtrush.notice.desk.NoticeDesk;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.aop.support.AopUtils;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.aop.AopAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.stereotype.Component;

/**
 * Every desk operation against the role matrix: the operations only a manager may run are listed
 * here, independently of the code; each must be declared {@link ManagerOnly} on its desk and refused
 * to a staff member by the guard before it runs, and every other operation must let a staff member
 * through; those declared {@link StaffOnly} are listed too, and refused to a student; and Spring's own auto-proxying puts the guard on a desk bean. The HTTP door is walked by
 * {@code SecurityScenarios} (every operation of the OpenAPI document, five callers each) against its
 * access list, which names the same manager-only operations by their paths.
 */
class DeskGuardTest {

    /** The role matrix's manager-only operations: desk and method. */
    static final Set<String> MANAGERS_ONLY = Set.of(
            "BlockDesk.end",
            "BlockDesk.hold",
            "BlockDesk.skip",
            "ClosureDesk.close",
            "ClosureDesk.lift",
            "StaffAccountDesk.list",
            "StaffAccountDesk.create",
            "StaffAccountDesk.resetPassword",
            "StaffAccountDesk.setActive",
            "StaffAccountDesk.setRole",
            "StaffAccountDesk.revealAdminToken",
            "AttendanceDesk.forgive",
            "BackupDesk.inspect",
            "BackupDesk.inspectFile",
            "BackupDesk.stageRestore",
            "BackupDesk.stageRestoreOfFile",
            "HistoryDesk.sweepNow",
            "HistoryDesk.compactNow",
            "CampusSignInDesk.save",
            "CampusSignInDesk.tryIt",
            "NoticeDesk.secrets",
            "NoticeDesk.sendAgain",
            "NoticeDesk.sendWechatAgain",
            "NoticeDesk.setEmail",
            "NoticeDesk.setWebhook",
            "NoticeDesk.setWechatNotices",
            "NoticeDesk.testEmail",
            "NoticeDesk.testWebhook",
            "NoticeDesk.testWechatNotice",
            "StaffDesk.update",
            "UpgradeDesk.announce",
            "UpgradeDesk.callOff",
            "StudentDesk.setCategory",
            "VenueDesk.assignStaff",
            "VenueDesk.create",
            "VenueDesk.saveSport",
            "VenueDesk.setPrices",
            "VenueDesk.update",
            "WechatPayDesk.reconcile",
            "WechatPayDesk.save",
            "WechatPayDesk.tryIt");

    /**
     * The role matrix's staff operations whose door also serves students (the refund path) or whose service names no
     * caller (the till's shifts, a part of an import): declared {@link StaffOnly}, so no service behind them checks the
     * role again.
     */
    static final Set<String> STAFF_ONLY = Set.of(
            "PaymentDesk.markOrderPaid",
            "PaymentDesk.refund",
            "PaymentDesk.refundPart",
            "StudentDesk.importPart",
            "CampusSignInDesk.unbindWechat",
            "TillDesk.openShift",
            "TillDesk.shift",
            "TillDesk.closeShift",
            "TillDesk.shifts");

    private static final Caller STAFF = Caller.atDesk(7, "desk1", Role.STAFF);
    private static final Caller MANAGER = Caller.atDesk(8, "boss1", Role.MANAGER);
    private static final Caller STUDENT = new Caller(9L, "2024001", Role.STUDENT, "t", null);

    private static List<Class<?>> desks;

    @BeforeAll
    static void findTheDesks() {
        desks = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPackages("com.courtrush").stream()
                        .filter(c -> c.getPackageName().endsWith(".desk") && c.isAnnotatedWith(Component.class))
                        .map(JavaClass::reflect)
                        .toList();
        assertThat(desks).as("the desks").hasSizeGreaterThanOrEqualTo(15);
    }

    @Test
    void everyOperationIsDeclaredAsTheMatrixSays() {
        Set<String> declared = new TreeSet<>();
        Set<String> staffs = new TreeSet<>();
        Set<String> operations = new TreeSet<>();
        for (Class<?> desk : desks) {
            for (Method method : operations(desk)) {
                operations.add(name(method));
                if (method.isAnnotationPresent(ManagerOnly.class)) {
                    declared.add(name(method));
                    assertThat(method.getParameterTypes())
                            .as("%s is a manager's: it must take the caller", name(method))
                            .contains(Caller.class);
                }
                if (method.isAnnotationPresent(StaffOnly.class)) {
                    staffs.add(name(method));
                    assertThat(method.getParameterTypes())
                            .as("%s is staff's: it must take the caller", name(method))
                            .contains(Caller.class);
                }
            }
        }
        assertThat(operations)
                .as("operations of the matrix the desks no longer have")
                .containsAll(MANAGERS_ONLY);
        assertThat(operations)
                .as("operations of the matrix the desks no longer have")
                .containsAll(STAFF_ONLY);
        assertThat(declared).as("operations declared @ManagerOnly").isEqualTo(new TreeSet<>(MANAGERS_ONLY));
        assertThat(staffs).as("operations declared @StaffOnly").isEqualTo(new TreeSet<>(STAFF_ONLY));
    }

    @Test
    void theGuardRefusesAStaffMemberAManagersOperationBeforeItRunsAndLetsEveryOtherOneThrough() throws Exception {
        List<String> wrong = new ArrayList<>();
        int walked = 0;
        for (Class<?> desk : desks) {
            for (Method method : operations(desk)) {
                if (!Arrays.asList(method.getParameterTypes()).contains(Caller.class)
                        && !MANAGERS_ONLY.contains(name(method))) {
                    continue; // the staff door itself (signed-in staff) lets it through; nothing to refuse
                }
                walked++;
                Object target = mock(desk);
                Object guarded = DeskGuard.guarded(target);
                Throwable thrown = invoke(guarded, method, STAFF);
                boolean ran = mockingDetails(target).getInvocations().size() == 1;
                if (MANAGERS_ONLY.contains(name(method))) {
                    if (!(thrown instanceof CourtRushException refused && refused.outcome() == Outcome.FORBIDDEN)
                            || ran) {
                        wrong.add(name(method) + " as staff: ran=" + ran + ", threw " + thrown);
                    }
                    Object again = mock(desk);
                    Throwable asManager = invoke(DeskGuard.guarded(again), method, MANAGER);
                    if (asManager != null
                            || mockingDetails(again).getInvocations().size() != 1) {
                        wrong.add(name(method) + " as manager: threw " + asManager);
                    }
                } else if (thrown != null || !ran) {
                    wrong.add(name(method) + " as staff: ran=" + ran + ", threw " + thrown);
                }
                if (STAFF_ONLY.contains(name(method))) {
                    Object asStudent = mock(desk);
                    Throwable refused = invoke(DeskGuard.guarded(asStudent), method, STUDENT);
                    if (!(refused instanceof CourtRushException forbidden && forbidden.outcome() == Outcome.FORBIDDEN)
                            || !mockingDetails(asStudent).getInvocations().isEmpty()) {
                        wrong.add(name(method) + " as a student: threw " + refused);
                    }
                }
            }
        }
        assertThat(walked).as("operations walked").isGreaterThanOrEqualTo(MANAGERS_ONLY.size());
        assertThat(wrong).as("operations answered against the matrix").isEmpty();
    }

    @Test
    void springPutsTheGuardOnADeskBeanAsTheEngineAndTheConsoleGetIt() {
        new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(AopAutoConfiguration.class))
                .withUserConfiguration(DeskGuard.class)
                .withBean(ChannelSetup.class, () -> mock(ChannelSetup.class))
                .withBean(WechatNoticeSetup.class, () -> mock(WechatNoticeSetup.class))
                .withBean(NoticeDesk.class)
                .run(context -> {
                    NoticeDesk desk = context.getBean(NoticeDesk.class);
                    assertThat(AopUtils.isAopProxy(desk))
                            .as("the desk bean is proxied")
                            .isTrue();
                    assertThatThrownBy(() -> desk.sendAgain(STAFF))
                            .isInstanceOf(CourtRushException.class)
                            .extracting(e -> ((CourtRushException) e).outcome())
                            .isEqualTo(Outcome.FORBIDDEN);
                    desk.sendAgain(MANAGER);
                    org.mockito.Mockito.verify(context.getBean(ChannelSetup.class))
                            .sendAgain(MANAGER);
                    desk.settings(); // not a manager's: no caller, no check
                });
    }

    @Test
    void aDeclaredOperationWithoutItsCallerIsRefused() throws Exception {
        Method noCaller = Object.class.getMethod("toString");
        assertThatThrownBy(() -> DeskGuard.callerOf(noCaller, new Object[0]))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("must take its Caller");
        for (String operation : List.of("NoticeDesk.sendAgain", "TillDesk.openShift")) {
            Method method = desks.stream()
                    .flatMap(desk -> operations(desk).stream())
                    .filter(m -> name(m).equals(operation))
                    .findFirst()
                    .orElseThrow();
            Object target = mock(method.getDeclaringClass());
            assertThat(invoke(DeskGuard.guarded(target), method, null))
                    .as("%s with no caller", operation)
                    .isInstanceOfSatisfying(
                            CourtRushException.class,
                            e -> assertThat(e.outcome()).isEqualTo(Outcome.FORBIDDEN));
            assertThat(mockingDetails(target).getInvocations()).isEmpty();
        }
    }

    private static List<Method> operations(Class<?> desk) {
        return Arrays.stream(desk.getDeclaredMethods())
                .filter(m -> Modifier.isPublic(m.getModifiers()) && !Modifier.isStatic(m.getModifiers()))
                .filter(m -> !m.isSynthetic())
                .toList();
    }

    private static String name(Method method) {
        return method.getDeclaringClass().getSimpleName() + "." + method.getName();
    }

    /** Calls {@code method} with {@code caller} for its Caller and defaults for the rest; what it threw. */
    private static Throwable invoke(Object desk, Method method, Caller caller) throws IllegalAccessException {
        Class<?>[] types = method.getParameterTypes();
        Object[] arguments = new Object[types.length];
        for (int i = 0; i < types.length; i++) {
            arguments[i] = types[i] == Caller.class ? caller : defaultOf(types[i]);
        }
        try {
            method.invoke(desk, arguments);
            return null;
        } catch (InvocationTargetException e) {
            return e.getCause();
        }
    }

    private static Object defaultOf(Class<?> type) {
        if (!type.isPrimitive()) {
            return null;
        }
        if (type == boolean.class) {
            return false;
        }
        if (type == long.class) {
            return 0L;
        }
        if (type == int.class) {
            return 0;
        }
        if (type == double.class) {
            return 0d;
        }
        throw new IllegalArgumentException("no default for " + type);
    }
}
