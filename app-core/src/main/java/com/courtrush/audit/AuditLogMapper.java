package com.courtrush.audit;

import com.baomidou.mybatisplus.core.mapper.BaseMapper;
import org.apache.ibatis.annotations.Mapper;

@Mapper
interface AuditLogMapper extends BaseMapper<AuditLog> {}
