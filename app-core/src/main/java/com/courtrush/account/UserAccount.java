package com.courtrush.account;

import com.baomidou.mybatisplus.annotation.FieldFill;
import com.baomidou.mybatisplus.annotation.FieldStrategy;
import com.baomidou.mybatisplus.annotation.IdType;
import com.baomidou.mybatisplus.annotation.TableField;
import com.baomidou.mybatisplus.annotation.TableId;
import com.baomidou.mybatisplus.annotation.TableName;
import com.courtrush.account.api.Caller;
import com.courtrush.account.api.Category;
import com.courtrush.account.api.Role;
import com.courtrush.account.api.StaffMember;
import com.courtrush.account.api.Student;
import java.time.LocalDateTime;
import lombok.Getter;
import lombok.Setter;

/** One {@code user_account} row. */
@Getter
@Setter
@TableName("user_account")
public class UserAccount {
    @TableId(type = IdType.AUTO)
    private Long id;

    private String studentId;
    private String displayName;
    private String passwordHash;
    private Role role;
    private Boolean active;
    /** What the account books as (SPEC §21): its prices and the venues it may book; null on insert is STUDENT. */
    private Category category;
    /** Who made the account: LOCAL (the gym), CAS or OIDC (the campus directory, at a first sign-in). */
    private String origin;
    /** Who the directory said signed in to this account at its first campus sign-in; null: none yet. */
    private String directorySubject;
    /** Moved on only by {@link UserAccountMapper#endAllTokens}: tokens of earlier generations are void. */
    @TableField(updateStrategy = FieldStrategy.NEVER, insertStrategy = FieldStrategy.NEVER)
    private Integer tokenGeneration;

    @TableField(fill = FieldFill.INSERT)
    private LocalDateTime createTime;

    @TableField(fill = FieldFill.INSERT_UPDATE)
    private LocalDateTime updateTime;

    /** The account as staff see it in the directory (never its password hash). */
    public Student asStudent() {
        return new Student(id, studentId, displayName, role, Boolean.TRUE.equals(active), createTime, category);
    }

    /** A staff account as managers see it (never its password hash). */
    public StaffMember asStaffMember() {
        return new StaffMember(id, studentId, displayName, role, Boolean.TRUE.equals(active), createTime);
    }

    /** Who this account is in the audit trail, as its token's caller would be ({@link Caller#actor}). */
    String actor() {
        return (role.isStaff() ? "staff:" : "student:") + studentId;
    }
}
